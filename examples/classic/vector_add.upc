/* upc-check-test
 * expect: clean
 * threads: 1 2 4 8
 * stdout: vector add: OK
 */
/* Vector addition c = a + b; each thread computes the elements it owns. */
#include <upc.h>
#include <stdio.h>

#define N 100
shared double a[N * THREADS], b[N * THREADS], c[N * THREADS];

int main(void)
{
    int i, errors = 0;

    upc_forall (i = 0; i < N * THREADS; i++; &a[i]) {
        a[i] = i;
        b[i] = 2.0 * i;
    }
    upc_barrier;
    upc_forall (i = 0; i < N * THREADS; i++; &c[i])
        c[i] = a[i] + b[i];
    upc_barrier;

    if (MYTHREAD == 0) {
        for (i = 0; i < N * THREADS; i++)
            if (c[i] != 3.0 * i) errors++;
        printf("vector add: %s (%d elements, %d threads)\n", errors ? "FAILED" : "OK", N * THREADS, THREADS);
    }
    return 0;
}
