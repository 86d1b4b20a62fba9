/* Bit-fields, enums, _Bool, long double, const and volatile members in shared
 * structs, read and written by other threads. */
#include <upc.h>
#include <stdio.h>
#include <stdbool.h>

enum state { IDLE, RUNNING = 5, DONE = 9 };

typedef struct {
    unsigned int flags : 3;
    unsigned int level : 5;
    signed int   delta : 6;
    enum state   st;
    _Bool        ready;
    long double  weight;
} status_t;

shared status_t status[THREADS];
shared const int answer = 42;
volatile shared int heartbeat[THREADS];
shared enum state states[2*THREADS];

int main(void)
{
    int t, errors = 0;
    int nb = (MYTHREAD + 1) % THREADS;

    status[MYTHREAD].flags = (unsigned) MYTHREAD & 7u;
    status[MYTHREAD].level = 31;
    status[MYTHREAD].delta = -MYTHREAD;
    status[MYTHREAD].st = RUNNING;
    status[MYTHREAD].ready = true;
    status[MYTHREAD].weight = 1.5L * MYTHREAD;
    heartbeat[MYTHREAD] = 1;
    states[2 * MYTHREAD] = DONE;
    states[2 * MYTHREAD + 1] = IDLE;
    upc_barrier;

    /* update the neighbour's bit-fields remotely */
    status[nb].level = status[nb].level - 1;
    heartbeat[nb] += 1;
    upc_barrier;

    for (t = 0; t < THREADS; t++) {
        status_t s = status[t];
        if (s.flags != ((unsigned) t & 7u) || s.level != 30 || s.delta != -t) errors++;
        if (s.st != RUNNING || !s.ready || s.weight != 1.5L * t) errors++;
        if (heartbeat[t] != 2 || states[2 * t] != DONE || states[2 * t + 1] != IDLE) errors++;
    }
    if (answer != 42) errors++;
    upc_barrier;
    if (MYTHREAD == 0)
        printf("bit-fields and friends: %s\n", errors ? "WRONG" : "right");
    return 0;
}
