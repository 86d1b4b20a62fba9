/* upc-check-test
 * expect: forall-not-single-valued
 * line: 21 23
 * threads: 2 4
 */
/* Error: the pointer affinity uses a private offset read from shared data that differs on thread 0 */
#include <upc.h>
#include <stdio.h>

#define N 4
shared int a[(N + 1) * THREADS];
shared int b[N * THREADS];
shared int offset[THREADS];

int main(void)
{
    int i, off;
    offset[MYTHREAD] = (MYTHREAD == 0) ? 1 : 0;
    upc_barrier;
    off = offset[MYTHREAD];
    upc_forall (i = 0; i < N * THREADS; i++; &a[i + off]) {
        b[i] = i;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("b[2] = %d\n", b[2]);
    return 0;
}
