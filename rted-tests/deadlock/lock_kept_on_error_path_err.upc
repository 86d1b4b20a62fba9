/* upc-check-test
 * expect: lock-relock
 * line: 15
 * threads: 2 4 8
 */
/* Error: begin_update() takes the table lock and end_update() releases it, but apply() returns early on a rejected entry without calling end_update(); the next begin_update() locks again */
#include <upc.h>
#include <stdio.h>

upc_lock_t *table_lock;
shared int table[THREADS];

static void begin_update(void)
{
    upc_lock(table_lock);
}

static void end_update(void)
{
    upc_unlock(table_lock);
}

static int apply(int slot, int v)
{
    begin_update();
    if (v < 0)
        return -1;
    table[slot] += v;
    end_update();
    return 0;
}

int main(void)
{
    int k, rejected = 0;
    table_lock = upc_all_lock_alloc();
    for (k = 0; k < 4; k++)
        if (apply((MYTHREAD + k) % THREADS, (MYTHREAD == THREADS - 1 && k == 1) ? -3 : k) < 0)
            rejected++;
    upc_barrier;
    if (MYTHREAD == 0)
        printf("table[0] = %d\n", table[0]);
    return 0;
}
