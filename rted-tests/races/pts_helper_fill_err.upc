/* upc-check-test
 * expect: data-race
 * line: 20 28
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: pts_helper_fill_err.upc:20 and pts_helper_fill_err.upc:28
 */
/* A helper fills a block reached through a pointer-to-shared argument: each thread fills
   its right neighbour's block while the neighbour sums it. */
#include <upc.h>
#include <stdio.h>

#define B 8
shared [B] double v[B * THREADS];

static void fill(shared [B] double *p, int n, double x)
{
    int k;
    for (k = 0; k < n; k++)
        p[k] = x + k;
}

static double sum(shared [B] double *p, int n)
{
    double s = 0;
    int k;
    for (k = 0; k < n; k++)
        s += p[k];
    return s;
}

int main(void)
{
    double s;
    fill(&v[((MYTHREAD + 1) % THREADS) * B], B, MYTHREAD);
    s = sum(&v[MYTHREAD * B], B);
    upc_barrier;
    printf("%d: %g\n", MYTHREAD, s);
    return 0;
}
