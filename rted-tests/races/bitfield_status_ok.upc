/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of bitfield_status_err.upc: thread 0 tests the bit after a barrier, and reads the
   count member (another location) meanwhile. */
#include <upc.h>
#include <stdio.h>

struct status { unsigned busy : 1; unsigned done : 1; unsigned code : 6; int count; };
shared struct status st[THREADS];

int main(void)
{
    int d = 0, c = 0;
    st[MYTHREAD].count = MYTHREAD;
    upc_barrier;
    if (MYTHREAD == 1)
        st[0].done = 1;
    if (MYTHREAD == 0)
        c = st[0].count;
    upc_barrier;
    if (MYTHREAD == 0)
        d = st[0].done;
    upc_barrier;
    if (MYTHREAD == 0) printf("%d %d\n", d, c);
    return 0;
}
