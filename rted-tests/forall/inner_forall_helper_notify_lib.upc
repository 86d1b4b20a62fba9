#include <upc.h>

static int count = 0;

void progress(int col, int last)
{
    count++;
    if (col == last) upc_notify;
}
