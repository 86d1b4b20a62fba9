/* bupc_extensions.upc -- the Berkeley UPC extensions that Berkeley-only codes
 * call without a second thought: bupc_thread_distance to pick nearby partners,
 * bupc_local_to_shared / bupc_inverse_cast to get back from a local pointer to
 * a pointer-to-shared, bupc_sleep/bupc_usleep/bupc_sched_yield, bupc_poll and
 * bupc_dump_shared for debugging output. */
#include <upc.h>
#include <stdio.h>
#include <string.h>

#define B 4
shared [B] int data[B * THREADS];
shared int near_count[THREADS];

int main(void)
{
    int t, bad = 0, near = 0;
    int *mine = (int *)&data[MYTHREAD * B];
    char buf[128];

#if defined(BUPC_THREADS_SAME) && defined(BUPC_THREADS_NEAR)
    for (t = 0; t < THREADS; t++) {
        int d = bupc_thread_distance(MYTHREAD, t);
        if (t == MYTHREAD && d != BUPC_THREADS_SAME) bad++;
        if (t != MYTHREAD && d <= BUPC_THREADS_SAME) bad++;
        if (d != bupc_thread_distance(t, MYTHREAD)) bad++;
        if (d <= BUPC_THREADS_NEAR) near++;
    }
    if (bupc_thread_distance(0, THREADS) < BUPC_THREADS_VERYFAR) bad++;
#else
#error "Berkeley UPC extensions are not declared by <upc.h>"
#endif
    near_count[MYTHREAD] = near;

    /* from a local pointer back to shared: the element 2 of my block */
    {
        shared [B] int *p = (shared [B] int *)bupc_local_to_shared(mine + 2, MYTHREAD, 2);
        shared void *q = bupc_inverse_cast(mine + 2);
        mine[2] = 1000 + MYTHREAD;
        if (p != &data[MYTHREAD * B + 2]) bad++;
        if (upc_threadof(q) != (size_t)MYTHREAD || upc_phaseof(q) != 0) bad++;
        if (upc_addrfield(q) != upc_addrfield(&data[MYTHREAD * B + 2])) bad++;
        if (*p != 1000 + MYTHREAD) bad++;
        {
            int local;
            if (bupc_inverse_cast(&local) != NULL) bad++; /* not shared memory */
        }
    }

    bupc_poll();
    bupc_sched_yield();
    bupc_usleep(1000 * (MYTHREAD % 2));
    bupc_sleep(0);

    if (bupc_dump_shared(&data[B * THREADS - 1], buf, sizeof buf) != 0) bad++;
    if (!strstr(buf, "thread=") || !strstr(buf, "phase=3")) bad++;
    if (bupc_dump_shared(&data[0], buf, 8) != -1) bad++; /* too short */
    if (MYTHREAD == 0 && bad == 0) {
        bupc_dump_shared(&data[B + 1], buf, sizeof buf);
        printf("dump of &data[%d]: %s\n", B + 1, strstr(buf, "thread="));
    }
    upc_barrier;
    if (bad)
        printf("thread %d: %d checks failed\n", MYTHREAD, bad);
    if (MYTHREAD == 0) {
        int all = 0;
        for (t = 0; t < THREADS; t++) all += near_count[t];
        printf("every thread is near every other: %s\n", all == THREADS * THREADS ? "yes" : "no");
    }
    return bad != 0;
}
