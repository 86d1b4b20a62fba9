/* upc-check-test
 * expect: forall-collective
 * line: 20
 * threads: 2 4 8
 */
/* Error: a FENCE_ALL() macro that the project defines as upc_barrier (it was upc_fence once) is called inside a upc_forall body after each update */
#include <upc.h>
#include <stdio.h>

#define FENCE_ALL() upc_barrier
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
