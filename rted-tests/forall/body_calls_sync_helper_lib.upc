#include <upc.h>

void update(int i, int threshold)
{
    static int pending = 0;
    pending++;
    if (i >= threshold - 2) upc_barrier;
}
