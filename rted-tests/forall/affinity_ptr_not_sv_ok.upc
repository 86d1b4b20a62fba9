/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of affinity_ptr_not_sv_err.upc: the offset is the same on every thread */
#include <upc.h>
#include <stdio.h>

#define N 4
shared int a[(N + 1) * THREADS];
shared int b[N * THREADS];
shared int offset[THREADS];

int main(void)
{
    int i, off;
    offset[MYTHREAD] = 0;
    upc_barrier;
    off = offset[MYTHREAD];
    upc_forall (i = 0; i < N * THREADS; i++; &a[i + off]) {
        b[i] = i;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("b[2] = %d\n", b[2]);
    return 0;
}
