/* A timer that uses the Berkeley extension when it is there, the UPC 1.3 tick
 * library when __UPC_TICK__ says so, and gettimeofday otherwise. */
#include <upc.h>
#include <stdio.h>
#include <sys/time.h>
#if defined(__UPC_TICK__)
#include <upc_tick.h>
#endif

#if defined(__BERKELEY_UPC__)
typedef bupc_tick_t my_tick_t;
#define TICKS_NOW()      bupc_ticks_now()
#define TICKS_TO_US(t)   ((double) bupc_ticks_to_us(t))
#elif defined(__UPC_TICK__)
typedef upc_tick_t my_tick_t;
#define TICKS_NOW()      upc_ticks_now()
#define TICKS_TO_US(t)   (upc_ticks_to_ns(t) / 1000.0)
#else
typedef double my_tick_t;
static double my_now(void) { struct timeval tv; gettimeofday(&tv, 0); return tv.tv_sec * 1e6 + tv.tv_usec; }
#define TICKS_NOW()      my_now()
#define TICKS_TO_US(t)   (t)
#endif

#define REPS 100

shared double elapsed[THREADS];

int main(void)
{
    my_tick_t t0, t1;
    int r;
    struct timeval a, b;

    gettimeofday(&a, NULL);
    t0 = TICKS_NOW();
    for (r = 0; r < REPS; r++)
        upc_barrier;
    t1 = TICKS_NOW();
    gettimeofday(&b, NULL);
    elapsed[MYTHREAD] = TICKS_TO_US(t1 - t0);
    upc_barrier;
    if (MYTHREAD == 0) {
        double wall = (b.tv_sec - a.tv_sec) * 1e6 + (b.tv_usec - a.tv_usec);
        double mx = 0;
        int t;
        for (t = 0; t < THREADS; t++)
            if (elapsed[t] > mx)
                mx = elapsed[t];
        printf("%d barriers timed\n", REPS);
        printf("timer consistent with gettimeofday: %s\n",
               elapsed[0] >= 0 && elapsed[0] <= wall + 2000 ? "yes" : "no");
        printf("average barrier time: %.3f us\n", mx / REPS);
    }
    return 0;
}
