/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 * stdout: total = 
 */
/* Correct: every thread takes a lock for each of its 1000 cells, holds all of them at once while it updates the cells, then releases them (a thread may hold any number of locks) */
#include <upc.h>
#include <stdio.h>

#define CELLS 1000

shared [CELLS] int cell[CELLS * THREADS];
shared int total[THREADS];
upc_lock_t *guard[CELLS];

int main(void)
{
    int i, sum = 0;
    for (i = 0; i < CELLS; i++)
        guard[i] = upc_global_lock_alloc();
    for (i = 0; i < CELLS; i++)
        upc_lock(guard[i]);
    for (i = 0; i < CELLS; i++) {
        cell[MYTHREAD * CELLS + i] = i + MYTHREAD;
        sum += cell[MYTHREAD * CELLS + i];
    }
    for (i = CELLS - 1; i >= 0; i--)
        upc_unlock(guard[i]);
    for (i = 0; i < CELLS; i++)
        upc_lock_free(guard[i]);
    total[MYTHREAD] = sum;
    upc_barrier;
    if (MYTHREAD == 0) {
        long all = 0;
        for (i = 0; i < THREADS; i++) all += total[i];
        printf("total = %ld\n", all);
    }
    return 0;
}
