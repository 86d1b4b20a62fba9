/* upc-check-test
 * expect: data-race
 * line: 22 24
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: bitfield_status_err.upc:22 and bitfield_status_err.upc:24
 */
/* Status bits packed in a shared structure's bit-fields: thread 1 sets the done bit of
   thread 0's status word while thread 0 tests it, with no synchronization between them. */
#include <upc.h>
#include <stdio.h>

struct status { unsigned busy : 1; unsigned done : 1; unsigned code : 6; int count; };
shared struct status st[THREADS];

int main(void)
{
    int d = 0;
    st[MYTHREAD].count = MYTHREAD;
    upc_barrier;
    if (MYTHREAD == 1)
        st[0].done = 1;
    if (MYTHREAD == 0)
        d = st[0].done;
    upc_barrier;
    if (MYTHREAD == 0) printf("%d %d\n", d, st[0].count);
    return 0;
}
