/* Helper of missing_barrier.upc: the function that synchronizes. */
#include <upc.h>

void funcA(void)
{
    upc_barrier;
}
