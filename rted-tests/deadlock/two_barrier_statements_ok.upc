/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of two_barrier_statements_err.upc: both branches use the same barrier value */
#include <upc.h>
#include <stdio.h>

shared int leader[THREADS];

void sync_leader(void) { upc_barrier 1; }
void sync_worker(void) { upc_barrier 1; }

int main(void)
{
    leader[MYTHREAD] = (MYTHREAD == 0);
    upc_barrier;
    if (leader[MYTHREAD]) sync_leader();
    else sync_worker();
    if (MYTHREAD == 0) printf("synchronized\n");
    return 0;
}
