/* Timing with the Berkeley UPC tick timer extension, as many published codes do:
 * bupc_tick_t, bupc_ticks_now(), bupc_ticks_to_us(), bupc_ticks_to_ns(). */
#include <upc_relaxed.h>
#include <stdio.h>
#include <stdint.h>

#define N 20000

shared double work[N*THREADS];
shared int sane[THREADS];

int main(void)
{
    bupc_tick_t start, end;
    uint64_t us, ns;
    int i;

    start = bupc_ticks_now();
    upc_forall (i = 0; i < N*THREADS; i++; &work[i])
        work[i] = i * 0.5;
    upc_barrier;
    end = bupc_ticks_now();

    us = bupc_ticks_to_us(end - start);
    ns = bupc_ticks_to_ns(end - start);
    /* ticks are monotonic; the two conversions agree; less than a minute elapsed */
    sane[MYTHREAD] = end >= start && ns / 1000 + 1 >= us && ns / 1000 <= us + 1 && us < 60000000;
    upc_barrier;
    if (MYTHREAD == 0) {
        int ok = 1;
        for (i = 0; i < THREADS; i++)
            ok = ok && sane[i];
        printf("initialization took %s\n", ok ? "a plausible time" : "an implausible time");
        printf("work[N*THREADS-1] = %.1f\n", work[N*THREADS - 1] - 0.5 * (N*THREADS - 1) + 7.0);
    }
    return 0;
}
