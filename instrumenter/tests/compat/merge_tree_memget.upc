/* Parallel merge sort with a binary reduction tree: every thread sorts its
 * run with a hand-written merge sort, then in round r the threads t with
 * t % 2^(r+1) == 0 fetch the run of partner t + 2^r with upc_memget (the run
 * was published as a pointer-to-shared to a upc_alloc'ed buffer, with its
 * length) and merge it into a larger buffer, freeing the old ones.  Thread 0
 * ends with everything; odd thread counts leave a partner missing. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PER 150

shared [] int *shared run[THREADS];
shared int len[THREADS];

static void msort(int *a, int *tmp, int n)
{
    int m = n / 2, i = 0, j = m, k = 0;
    if (n < 2) return;
    msort(a, tmp, m);
    msort(a + m, tmp, n - m);
    while (i < m && j < n) tmp[k++] = a[i] <= a[j] ? a[i++] : a[j++];
    while (i < m) tmp[k++] = a[i++];
    while (j < n) tmp[k++] = a[j++];
    memcpy(a, tmp, n * sizeof *a);
}

int main(void)
{
    int *mine = malloc(PER * sizeof(int)), *tmp = malloc(PER * sizeof(int));
    int n = PER, i, step;
    shared [] int *buf;
    unsigned s = 17u + 31u * MYTHREAD;

    for (i = 0; i < PER; i++) {
        s = s * 1664525u + 1013904223u;
        mine[i] = (int)(s >> 20) % 5000;
    }
    msort(mine, tmp, n);
    buf = (shared [] int *) upc_alloc(n * sizeof(int));
    upc_memput(buf, mine, n * sizeof(int));
    run[MYTHREAD] = buf;
    len[MYTHREAD] = n;
    free(mine);
    free(tmp);
    upc_barrier;

    for (step = 1; step < THREADS; step *= 2) {
        if (MYTHREAD % (2 * step) == 0 && MYTHREAD + step < THREADS) {
            int p = MYTHREAD + step, na = len[MYTHREAD], nb = len[p], k = 0, a = 0, b = 0;
            int *x = malloc(na * sizeof(int)), *y = malloc(nb * sizeof(int));
            int *z = malloc((na + nb) * sizeof(int));
            shared [] int *merged;
            upc_memget(x, run[MYTHREAD], na * sizeof(int));
            upc_memget(y, run[p], nb * sizeof(int));
            while (a < na && b < nb) z[k++] = x[a] <= y[b] ? x[a++] : y[b++];
            while (a < na) z[k++] = x[a++];
            while (b < nb) z[k++] = y[b++];
            merged = (shared [] int *) upc_alloc((na + nb) * sizeof(int));
            upc_memput(merged, z, (na + nb) * sizeof(int));
            upc_free(run[MYTHREAD]);
            run[MYTHREAD] = merged;
            len[MYTHREAD] = na + nb;
            free(x); free(y); free(z);
        }
        upc_barrier;
        if (MYTHREAD % (2 * step) == step)
            upc_free(run[MYTHREAD]);
        upc_barrier;
    }
    if (MYTHREAD == 0) {
        int total = len[0], inv = 0, *all = malloc(total * sizeof(int));
        long sum = 0;
        upc_memget(all, run[0], total * sizeof(int));
        for (i = 1; i < total; i++)
            inv += all[i - 1] > all[i];
        for (i = 0; i < total; i++)
            sum += all[i];
        printf("%d keys merged, %d inversions, min %d\n", total, inv, all[0]);
        (void)sum;
        upc_free(run[0]);
        free(all);
    }
    return 0;
}
