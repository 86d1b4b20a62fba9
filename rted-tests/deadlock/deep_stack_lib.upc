/* Helper for deep_stack_err.upc and deep_stack_ok.upc: a call chain ending in a collective. */
#include <upc.h>
#include <upc_collective.h>

#define N 2
shared [N] int src[N * THREADS];
shared [N] int dst[N * THREADS];
shared [N * THREADS] int xsrc[N * THREADS * THREADS];
shared [N * THREADS] int xdst[N * THREADS * THREADS];

static void level4(int depth)
{
    if (depth <= 3)
        upc_all_broadcast(dst, src, N * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    else
        upc_all_exchange(xdst, xsrc, N * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
}

static void level3(int depth) { level4(depth); }
static void level2(int depth) { level3(depth); }
void level1(int depth) { level2(depth); }
