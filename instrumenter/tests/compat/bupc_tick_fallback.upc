/* A harness written for several UPC compilers: without Berkeley UPC it defines the Berkeley
 * timer functions it uses itself (static, from gettimeofday). */
#include <upc.h>
#include <stdio.h>
#include <stdint.h>
#include <sys/time.h>

#ifndef __BERKELEY_UPC__
static bupc_tick_t bupc_ticks_now(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return (bupc_tick_t)tv.tv_sec * 1000000u + (bupc_tick_t)tv.tv_usec;
}
static uint64_t bupc_ticks_to_us(bupc_tick_t t) { return t; }
#endif

shared double work[THREADS];

int main(void)
{
    bupc_tick_t t0 = bupc_ticks_now();
    int i;
    double s = 0;
    for (i = 0; i < 100000; i++)
        s += i * 0.5;
    work[MYTHREAD] = s;
    upc_barrier;
    if (MYTHREAD == 0) {
        uint64_t us = bupc_ticks_to_us(bupc_ticks_now() - t0);
        printf("%s\n", us < 60u * 1000000u && work[THREADS - 1] == s ? "PASS" : "FAIL");
    }
    return 0;
}
