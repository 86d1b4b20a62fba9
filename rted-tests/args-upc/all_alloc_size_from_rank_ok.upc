/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: the count is the same on every thread */
#include <upc.h>
#include <stdio.h>

#define ROUND64(x) ((((x) + 63) / 64) * 64)
shared int count[THREADS];

int main(void)
{
    shared char *p;
    count[MYTHREAD] = 60;
    upc_barrier;
    p = (shared char *) upc_all_alloc(THREADS, ROUND64(count[MYTHREAD]));
    p[MYTHREAD] = 1;
    upc_barrier;
    if (MYTHREAD == 0) printf("allocated\n");
    return 0;
}
