/* upc-check-test
 * expect: forall-collective
 * line: forall_body_allocates_lib.upc:9
 * threads: 2 3 4
 * files: forall_body_allocates_lib.upc
 */
/* Error: the body of a upc_forall asks a cache helper of another file for a buffer; when the cache is empty the helper fills it with upc_all_alloc, a collective inside the loop */
#include <upc.h>
#include <stdio.h>

extern shared int *get_buffer(void);
#define N 4
shared int v[N * THREADS];

int main(void)
{
    int i;

    upc_forall (i = 0; i < N * THREADS; i++; &v[i]) {
        shared int *b = get_buffer();
        v[i] = i;
        b[MYTHREAD] = i;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("v[3] = %d\n", v[3]);
    return 0;
}
