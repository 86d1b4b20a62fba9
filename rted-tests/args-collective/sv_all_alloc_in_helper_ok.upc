/* upc-check-test
 * expect: clean
 * threads: 2 4
 * files: sv_all_alloc_in_helper_lib.upc
 */
/* Correct twin of sv_all_alloc_in_helper_err.upc: the element count is the same on every thread */
#include <upc.h>
#include <stdio.h>

extern shared void *make_vector(size_t n);
shared int count[THREADS];

int main(void)
{
    shared int *vec;
    count[MYTHREAD] = 4;
    upc_barrier;
    vec = (shared int *) make_vector(count[MYTHREAD]);
    vec[MYTHREAD] = MYTHREAD;
    upc_barrier;
    if (MYTHREAD == 0) printf("vec[0] = %d\n", vec[0]);
    return 0;
}
