/* upc-check-test
 * expect: clean
 * threads: 2 5
 * stdout: sync ok
 * timeout: 120
 */
/* Lock mutual exclusion under contention (a shared counter incremented 10^5 times in total),
 * 10^4 barriers with random delays on random threads, split-phase barriers with values, and a
 * strict flag handing data from one thread to the next. */
#include <upc_strict.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

relaxed shared long counter;
relaxed shared long data[THREADS];
strict shared int flag[THREADS];
relaxed shared long seen[2][THREADS];
upc_lock_t *lock;
static int errors;
#define EXPECT(c) do { if (!(c)) { errors++; printf("thread %d: line %d: %s\n", MYTHREAD, __LINE__, #c); } } while (0)

int main(void)
{
    long i, total = 100000, mine = total / THREADS + (MYTHREAD < total % THREADS);
    lock = upc_all_lock_alloc();
    for (i = 0; i < mine; i++) {
        upc_lock(lock);
        counter = counter + 1;
        upc_unlock(lock);
    }
    upc_barrier;
    EXPECT(counter == total);
    srand(MYTHREAD + 1);
    for (i = 0; i < 10000; i++) {
        int b = i % 2, t;
        seen[b][MYTHREAD] = i;
        if (rand() % 64 == 0)
            usleep(rand() % 100);
        if (i % 2) {
            upc_notify (int)i;
            upc_wait (int)i;
        } else {
            upc_barrier;
        }
        for (t = 0; t < THREADS; t++)
            EXPECT(seen[b][t] == i);
    }
    /* Strict hand-off along the ring: thread 0 starts, each thread passes data + flag on. */
    if (MYTHREAD == 0) {
        data[1 % THREADS] = 42;
        flag[1 % THREADS] = 1;
    }
    while (flag[MYTHREAD] == 0)
        ;
    EXPECT(data[MYTHREAD] == 42 + (MYTHREAD == 0 ? THREADS - 1 : MYTHREAD - 1));
    if (MYTHREAD != 0) {
        data[(MYTHREAD + 1) % THREADS] = data[MYTHREAD] + 1;
        flag[(MYTHREAD + 1) % THREADS] = 1;
    }
    upc_barrier;
    upc_all_lock_free(lock);
    if (errors)
        return 1;
    if (MYTHREAD == 0)
        printf("sync ok\n");
    return 0;
}
