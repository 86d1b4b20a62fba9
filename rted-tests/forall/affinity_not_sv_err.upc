/* upc-check-test
 * expect: forall-not-single-valued
 * line: 20 22
 * threads: 2 4
 */
/* Error: the integer affinity adds a private rotation that is 1 on the last thread and 0 elsewhere */
#include <upc.h>
#include <stdio.h>

#define N 4
shared int a[N * THREADS];
shared int rotation[THREADS];

int main(void)
{
    int i, rot;
    rotation[MYTHREAD] = (MYTHREAD == THREADS - 1);
    upc_barrier;
    rot = rotation[MYTHREAD];
    upc_forall (i = 0; i < N * THREADS; i++; i + rot) {
        a[i] = MYTHREAD;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("a[0] = %d\n", a[0]);
    return 0;
}
