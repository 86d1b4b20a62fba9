/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of memset_past_end_err.upc: no padding */
#include <upc.h>
#include <stdio.h>

#define NB 16
shared int pad[THREADS];

int main(void)
{
    shared [NB] char *p = (shared [NB] char *) upc_all_alloc(THREADS, NB);
    pad[MYTHREAD] = 0;
    upc_barrier;
    upc_memset(&p[MYTHREAD * NB], 0, NB + pad[MYTHREAD]);
    upc_barrier;
    if (MYTHREAD == 0) printf("p[0] = %d\n", p[0]);
    return 0;
}
