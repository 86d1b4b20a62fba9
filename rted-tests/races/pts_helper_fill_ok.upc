/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of pts_helper_fill_err.upc: a barrier between the fill and the sum. */
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
    upc_barrier;
    s = sum(&v[MYTHREAD * B], B);
    upc_barrier;
    printf("%d: %g\n", MYTHREAD, s);
    return 0;
}
