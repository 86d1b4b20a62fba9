/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 * files: body_calls_sync_helper_lib.upc
 */
/* Correct twin: the threshold is never reached inside the loop; the flush happens after it */
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
        update(i, N * THREADS + 100);
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("data[2] = %d\n", data[2]);
    return 0;
}
