/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: the macro FENCE() is upc_fence, which is not a collective and may be called in a upc_forall body */
#include <upc.h>
#include <stdio.h>

#define FENCE_ALL() upc_fence
#define N 4

shared int a[N * THREADS];

int main(void)
{
    int i;
    upc_forall (i = 0; i < N * THREADS; i++; i) {
        a[i] = i * i;
        FENCE_ALL();
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("a[3] = %d\n", a[3]);
    return 0;
}
