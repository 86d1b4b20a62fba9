/* Shared by adaptive_check_interval_{err,ok}.upc: the solver's reduction macros, as an
 * application header wraps the collectives it uses. */
#include <upc_collective.h>

#define SYNC_ALL (UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC)
#define GLOBAL_MAX(in, out) \
    upc_all_reduceD((out), (in), UPC_MAX, THREADS, 1, NULL, SYNC_ALL)
#define CONVERGED(in, out, tol) (GLOBAL_MAX(in, out), *(out) < (tol))
