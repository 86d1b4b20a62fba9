/* upc-check-test
 * expect: split-barrier
 * line: 25
 * threads: 2 4 8
 */
/* Error: the split-phase barrier is wrapped in BEGIN_OVERLAP()/END_OVERLAP() macros; the BEGIN is skipped when there is nothing to overlap (on thread 1), but END_OVERLAP() still runs upc_wait */
#include <upc.h>
#include <stdio.h>

#define BEGIN_OVERLAP() upc_notify
#define END_OVERLAP() upc_wait

shared int work[THREADS];
shared int done[THREADS];

int main(void)
{
    int local = 0, k;
    work[MYTHREAD] = (MYTHREAD == 1) ? 0 : 5;
    upc_barrier;
    if (work[MYTHREAD] > 0)
        BEGIN_OVERLAP();
    for (k = 0; k < work[MYTHREAD]; k++)
        local += k;
    END_OVERLAP();
    done[MYTHREAD] = local;
    upc_barrier;
    if (MYTHREAD == 0)
        printf("done %d\n", done[0]);
    return 0;
}
