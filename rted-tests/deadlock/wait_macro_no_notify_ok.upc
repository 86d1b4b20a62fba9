/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: BEGIN_OVERLAP() runs on every thread, whatever its amount of work */
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
