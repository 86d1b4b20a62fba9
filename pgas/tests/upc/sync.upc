/* upc-check-test
 * expect: clean
 * threads: 2 5
 * stdout: sync ok
 * timeout: 120
 */
/* Lock mutual exclusion under contention (a shared counter incremented 10^5 times in total),
 * 10^4 barriers with random delays on random threads, split-phase barriers with values, and a
 * strict flag handing data from one thread to the next.
 * With UPC_MPI_NODES set (the MPI conduit's nodes of their own: every remote access, lock
 * hand-off and barrier is a message over TCP, several milliseconds on a loaded machine) the
 * counts are 10^3 hand-offs and 10^3 barriers, which still check the exclusion and the
 * barriers' order (10^5 hand-offs took minutes there). */
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
    const char *nodes = getenv("UPC_MPI_NODES");
    int over_tcp = nodes && *nodes;
    long i, total = over_tcp ? 1000 : 100000, barriers = over_tcp ? 1000 : 10000;
    long mine = total / THREADS + (MYTHREAD < total % THREADS);
    lock = upc_all_lock_alloc();
    for (i = 0; i < mine; i++) {
        upc_lock(lock);
        counter = counter + 1;
        upc_unlock(lock);
    }
    upc_barrier;
    EXPECT(counter == total);
    srand(MYTHREAD + 1);
    for (i = 0; i < barriers; i++) {
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
