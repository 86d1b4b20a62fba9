/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of affinity_not_sv_err.upc: the rotation is the same on every thread */
#include <upc.h>
#include <stdio.h>

#define N 4
shared int a[N * THREADS];
shared int rotation[THREADS];

int main(void)
{
    int i, rot;
    rotation[MYTHREAD] = 1;
    upc_barrier;
    rot = rotation[MYTHREAD];
    upc_forall (i = 0; i < N * THREADS; i++; i + rot) {
        a[i] = MYTHREAD;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("a[0] = %d\n", a[0]);
    return 0;
}
