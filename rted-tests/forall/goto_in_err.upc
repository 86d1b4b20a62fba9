/* upc-check-test
 * expect: forall-escape
 * line: 20 22
 * threads: 2 4
 */
/* Error: a retry path jumps with goto to a label inside the upc_forall body */
#include <upc.h>
#include <stdio.h>

#define N 4
shared int v[N * THREADS];
shared int retry[THREADS];

int main(void)
{
    int i = 0, passes = 0;
    retry[MYTHREAD] = (MYTHREAD == THREADS - 1);
    upc_barrier;
    if (retry[MYTHREAD])
        goto again;
    upc_forall (i = 0; i < N * THREADS; i++; &v[i]) {
again:
        v[i] += 1;
        passes++;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("passes = %d\n", passes);
    return 0;
}
