/* #pragma upc strict / relaxed at file scope and at the start of blocks,
   mixed with explicit strict/relaxed qualifiers. */
#include <upc.h>
#include <stdio.h>

#pragma upc strict
shared int s_flag;                  /* accesses in this region are strict */
shared int s_data[THREADS];
#pragma upc relaxed

shared int r_data[THREADS];
strict shared int explicit_strict;
relaxed shared int explicit_relaxed;

static void publish(int v)
{
#pragma upc strict
    r_data[MYTHREAD] = v;           /* strict in this block */
    s_data[MYTHREAD] = v + 1;
}

static int collect(void)
{
    #pragma upc relaxed
    int t, sum = 0;
    for (t = 0; t < THREADS; t++)
        sum += r_data[t] + s_data[t];
    return sum;
}

int main(void)
{
    if (MYTHREAD == 0) {
        s_flag = 0;
        explicit_strict = 0;
        explicit_relaxed = 0;
    }
    upc_barrier;
    publish(2 * MYTHREAD);
    upc_barrier;
    if (MYTHREAD == THREADS - 1) {
        explicit_relaxed = 5;
        explicit_strict = 1;
    }
    while (explicit_strict == 0)
        ;
    if (explicit_relaxed != 5)
        printf("thread %d: relaxed write before a strict write not seen\n", MYTHREAD);
    upc_barrier;
    if (MYTHREAD == 0)
        printf("sum = %s\n", collect() == 2 * THREADS * (THREADS - 1) + THREADS ? "right" : "wrong");
    return 0;
}
