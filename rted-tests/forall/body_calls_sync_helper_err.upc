/* upc-check-test
 * expect: forall-collective
 * line: body_calls_sync_helper_lib.upc:7
 * threads: 2 3 4 8
 * files: body_calls_sync_helper_lib.upc
 */
/* Error: the body of a upc_forall calls an update routine of another file that, when its flush threshold is reached, synchronizes with upc_barrier */
#include <upc.h>
#include <stdio.h>

extern void update(int i, int threshold);
#define N 6
shared int data[N * THREADS];

int main(void)
{
    int i;
    upc_forall (i = 0; i < N * THREADS; i++; &data[i]) {
        data[i] = i;
        update(i, N * THREADS - 1);
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("data[2] = %d\n", data[2]);
    return 0;
}
