/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: the rejected entry releases the lock before apply() returns */
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
    if (v < 0) {
        end_update();
        return -1;
    }
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
