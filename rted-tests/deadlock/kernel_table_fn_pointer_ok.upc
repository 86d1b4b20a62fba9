/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 */
/* Correct twin of kernel_table_fn_pointer_err.upc: every thread fills the kernel table in the same order */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define NB 8

typedef void (*coll_fn)(shared void *, shared const void *, size_t, upc_flag_t);

shared [] int source[NB * 64];   /* room for up to 64 threads */
shared [NB] int target[NB * THREADS];
shared int reversed[THREADS];

int main(void)
{
    coll_fn kernel[2];
    int step, i;
    if (MYTHREAD == 0)
        for (i = 0; i < NB * THREADS; i++)
            source[i] = i;
    reversed[MYTHREAD] = 0;
    upc_barrier;
    if (!reversed[MYTHREAD]) {
        kernel[0] = upc_all_broadcast;
        kernel[1] = upc_all_scatter;
    } else {
        kernel[1] = upc_all_broadcast;
        kernel[0] = upc_all_scatter;
    }
    for (step = 0; step < 4; step++)
        kernel[step % 2](target, source, NB * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("target[1] = %d\n", target[1]);
    return 0;
}
