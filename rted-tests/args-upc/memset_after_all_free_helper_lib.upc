#include <upc.h>

void reset(shared [] int *w, int n)
{
    if (n <= 0)
        return;
    upc_memset(w, 0, n * sizeof(int));
}
