/* upc-check-test
 * expect: barrier-value-mismatch
 * line: 12 13
 * threads: 2 4 8
 */
/* Error: thread 0 reaches 'upc_barrier 1' while the others reach 'upc_barrier 2' */
#include <upc.h>
#include <stdio.h>

shared int leader[THREADS];

void sync_leader(void) { upc_barrier 1; }
void sync_worker(void) { upc_barrier 2; }

int main(void)
{
    leader[MYTHREAD] = (MYTHREAD == 0);
    upc_barrier;
    if (leader[MYTHREAD]) sync_leader();
    else sync_worker();
    if (MYTHREAD == 0) printf("synchronized\n");
    return 0;
}
