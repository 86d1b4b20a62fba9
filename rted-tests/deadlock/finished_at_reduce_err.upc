/* upc-check-test
 * expect: finished-while-waiting
 * line: 19 23
 * threads: 2 4 8
 */
/* Error: thread 0 skips the final reduction when its local part is zero and finishes while the others wait in upc_all_reduceD */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared double part[THREADS];
shared double total;

int main(void)
{
    part[MYTHREAD] = MYTHREAD * 1.5;
    upc_barrier;
    if (part[MYTHREAD] != 0.0)
        upc_all_reduceD(&total, part, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    else
        printf("thread %d has nothing to add\n", MYTHREAD);
    if (MYTHREAD == 1) printf("total = %f\n", total);
    return 0;
}
