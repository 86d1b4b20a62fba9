/* prefix_scan_blocked.upc -- inclusive scans with upc_all_prefix_reduceL over a
 * blocked array (block 3), with UPC_ADD, UPC_MAX and a user function through
 * UPC_FUNC, and a upc_all_reduceD with a non-commutative user function
 * (UPC_NONCOMM_FUNC) that keeps the leftmost nonzero value. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define BLK 3
#define PER 2 /* blocks per thread */

shared [BLK] long src[BLK * PER * THREADS];
shared [BLK] long dst[BLK * PER * THREADS];
shared [BLK] double dsrc[BLK * PER * THREADS];
shared double dres;

static long lmin(long a, long b) { return a < b ? a : b; }
static double leftmost(double a, double b) { return a != 0.0 ? a : b; }

int main(void)
{
    int n = BLK * PER * THREADS, i, bad = 0;
    long run;

    upc_forall (i = 0; i < n; i++; &src[i]) {
        src[i] = (i * 37) % 11 - 3;
        dsrc[i] = (i < 4) ? 0.0 : (double)i + 0.5;
    }

    upc_all_prefix_reduceL(dst, src, UPC_ADD, n, BLK, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        for (i = 0, run = 0; i < n; i++) {
            run += src[i];
            if (dst[i] != run) bad++;
        }
    upc_all_prefix_reduceL(dst, src, UPC_MAX, n, BLK, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        for (i = 0, run = -1000; i < n; i++) {
            if (src[i] > run) run = src[i];
            if (dst[i] != run) bad++;
        }
    upc_all_prefix_reduceL(dst, src, UPC_FUNC, n, BLK, lmin, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        for (i = 0, run = 1000; i < n; i++) {
            if (src[i] < run) run = src[i];
            if (dst[i] != run) bad++;
        }
    upc_all_reduceD(&dres, dsrc, UPC_NONCOMM_FUNC, n, BLK, leftmost, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) {
        printf("prefix scans (ADD, MAX, FUNC) over %d blocks of %d: %s\n", PER, BLK,
               bad ? "WRONG" : "ok");
        printf("leftmost nonzero = %.1f\n", dres);
    }
    return 0;
}
