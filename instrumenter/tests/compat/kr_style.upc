/*
 * Old-style (K&R) C as found in old benchmark codes: function definitions with
 * identifier lists, implicit int, main() without a return type.
 */
#include <upc.h>
#include <stdio.h>

#define SIZE 12

shared int vec[SIZE*THREADS];
shared long partial[THREADS];

long sum_range();
int fill();

int
fill(p, n, base)
shared int *p;
int n, base;
{
    register int i;
    for (i = 0; i < n; i++)
        p[i] = base + i;
    return n;
}

long
sum_range(lo, hi)
    int lo, hi;
{
    long s = 0;
    int i;
    for (i = lo; i < hi; i++)
        s += vec[i];
    return s;
}

static
scale(x, factor)
    long x;
    int factor;
{
    return (int) (x * factor);
}

double
average(a, n)
    long a;
    int n;
{
    return (double) a / n;
}

main()
{
    int i, bad = 0;
    long total;
    double avg;

    /* thread 0 fills the whole vector through a pointer-to-shared parameter */
    if (MYTHREAD == 0)
        fill(vec, SIZE*THREADS, 1);
    upc_barrier;

    partial[MYTHREAD] = sum_range(MYTHREAD*SIZE, (MYTHREAD+1)*SIZE);
    upc_barrier;

    if (MYTHREAD == 0) {
        total = 0;
        for (i = 0; i < THREADS; i++)
            total += partial[i];
        if (total != (long) SIZE*THREADS*(SIZE*THREADS+1)/2)
            bad++;
        avg = average(total, SIZE*THREADS);
        if (scale(2, 3) != 6)
            bad++;
        printf("average = %.1f\n", avg - (SIZE*THREADS - 1) / 2.0);
        printf(bad ? "K&R test FAILED\n" : "K&R test PASSED\n");
    }
    return 0;
}
