/* Helper for reduce_in_call_err.upc and reduce_in_call_ok.upc: collective statistics. */
#include <upc.h>
#include <upc_collective.h>

shared int sum;

static int sum_all(shared int *v, int n)
{
    upc_all_reduceI(&sum, v, UPC_ADD, n, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    return sum;
}

int update_stats(shared int *v, int n) { return sum_all(v, n); }
