/* upc-check-test
 * expect: single-valued-mismatch
 * line: 18
 * threads: 2 3 4 8
 */
/* Error: the per-thread block size of upc_all_alloc is rounded up to a cache line from a count that is larger on thread 0, so the nbytes argument differs between threads */
#include <upc.h>
#include <stdio.h>

#define ROUND64(x) ((((x) + 63) / 64) * 64)
shared int count[THREADS];

int main(void)
{
    shared char *p;
    count[MYTHREAD] = (MYTHREAD == 0) ? 100 : 60;
    upc_barrier;
    p = (shared char *) upc_all_alloc(THREADS, ROUND64(count[MYTHREAD]));
    p[MYTHREAD] = 1;
    upc_barrier;
    if (MYTHREAD == 0) printf("allocated\n");
    return 0;
}
