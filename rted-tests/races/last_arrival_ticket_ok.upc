/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 * flags: --upccheck:-r
 */
/* "Last one in does the work": every thread stores its partial result, then takes a ticket
   under a lock; the thread that draws the last ticket knows every other thread stored its
   part before its own unlock, and adds the parts up without a barrier. */
#include <upc.h>
#include <stdio.h>

shared double part[THREADS];
shared int arrived;
shared double total;

int main(void)
{
    upc_lock_t *l = upc_all_lock_alloc();
    int ticket, i;

    part[MYTHREAD] = 1.5 * (MYTHREAD + 1);
    upc_lock(l);
    ticket = arrived++;
    upc_unlock(l);
    if (ticket == THREADS - 1) {
        double s = 0;
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
