/* C's E1[E2] is E2[E1]: code golf, macro tricks and some old code index with the integer
 * first, on shared arrays and pointers-to-shared too. */
#include <upc.h>
#include <stdio.h>

#define N 4
#define AT(k, base) (k)[base]

shared int a[N * THREADS];

int main(void)
{
    shared int *p = a;
    int i, ok = 1;

    upc_forall (i = 0; i < N * THREADS; i++; &a[i])
        i[a] = 3 * i;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0; i < N * THREADS; i++)
            if (i[p] != 3 * i || AT(i, a) != 3 * i || AT(i, (p)) != 3 * i)
                ok = 0;
        1[p] += 1;
        printf("%d %s\n", 1[a], ok ? "PASS" : "FAIL");
    }
    return 0;
}
