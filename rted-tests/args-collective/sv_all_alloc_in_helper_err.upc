/* upc-check-test
 * expect: single-valued-mismatch
 * line: sv_all_alloc_in_helper_lib.upc:6
 * threads: 2 4
 * files: sv_all_alloc_in_helper_lib.upc
 */
/* Error: a helper in another file sizes a collective allocation from the caller's private element count, which differs on thread 0 */
#include <upc.h>
#include <stdio.h>

extern shared void *make_vector(size_t n);
shared int count[THREADS];

int main(void)
{
    shared int *vec;
    count[MYTHREAD] = (MYTHREAD == 0) ? 5 : 4;
    upc_barrier;
    vec = (shared int *) make_vector(count[MYTHREAD]);
    vec[MYTHREAD] = MYTHREAD;
    upc_barrier;
    if (MYTHREAD == 0) printf("vec[0] = %d\n", vec[0]);
    return 0;
}
