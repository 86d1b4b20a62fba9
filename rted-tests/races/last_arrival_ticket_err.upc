/* upc-check-test
 * expect: data-race
 * line: 25 32
 * threads: 2 3 4 8
 * flags: --upccheck:-r
 * report: the two accesses: last_arrival_ticket_err.upc:25 and last_arrival_ticket_err.upc:32
 */
/* "Last one in does the work", with the partial result stored after the ticket: the thread
   that draws the last ticket may add up a part its owner has not stored yet. */
#include <upc.h>
#include <stdio.h>

shared double part[THREADS];
shared int arrived;
shared double total;

int main(void)
{
    upc_lock_t *l = upc_all_lock_alloc();
    int ticket, i;

    upc_lock(l);
    ticket = arrived++;
    upc_unlock(l);
    part[MYTHREAD] = 1.5 * (MYTHREAD + 1);
    if (ticket == THREADS - 1) {
        double s = 0;
        long spin;
        for (spin = 0; spin < 200000; spin++)
            ;
        for (i = 0; i < THREADS; i++)
            s += part[i];
        total = s;
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("total %.1f from %d threads\n", total, arrived);
    upc_barrier;
    if (MYTHREAD == 0)
        upc_lock_free(l);
    return 0;
}
