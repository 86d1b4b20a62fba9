/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of return_out_err.upc: the lookup remembers the position and returns after the loop */
#include <upc.h>
#include <stdio.h>

#define N 4
shared int keys[N * THREADS];

int lookup(int key)
{
    int i, pos = -1;
    upc_forall (i = 0; i < N * THREADS; i++; &keys[i]) {
        if (keys[i] == key)
            pos = i;
    }
    return pos;
}

int main(void)
{
    int i, p;
    upc_forall (i = 0; i < N * THREADS; i++; &keys[i]) keys[i] = 3 * i;
    upc_barrier;
    p = lookup(3 * (N * THREADS - 1));
    upc_barrier;
    if (p >= 0) printf("thread %d found the key at %d\n", MYTHREAD, p);
    return 0;
}
