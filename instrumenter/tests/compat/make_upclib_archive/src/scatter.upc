#include <string.h>
#include "pgasutil.h"

void pgas_scatter(const long *vals, int n)
{
    if (MYTHREAD == 0) {
        int t;
        for (t = 0; t < THREADS; t++)
            upc_memput(&work[t*SEG], vals + (t*SEG) % n, SEG*sizeof(long));
    }
    upc_barrier;
}
