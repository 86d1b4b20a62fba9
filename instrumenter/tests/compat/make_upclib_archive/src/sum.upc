#include <assert.h>
#include "pgasutil.h"

long pgas_sum(void)
{
    long s = 0, total = 0;
    int i;
    upc_forall (i = 0; i < SEG*THREADS; i++; &work[i])
        s += work[i];
    partial[MYTHREAD] = s;
    upc_barrier;
    for (i = 0; i < THREADS; i++)
        total += partial[i];
    upc_barrier;
    assert(total >= 0);
    return total;
}
