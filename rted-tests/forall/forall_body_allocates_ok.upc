/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * files: forall_body_allocates_lib.upc
 */
/* Correct twin: the cache is filled before the loop, so the helper only hands out the buffer */
#include <upc.h>
#include <stdio.h>

extern shared int *get_buffer(void);
#define N 4
shared int v[N * THREADS];

int main(void)
{
    int i;
    get_buffer();
    upc_forall (i = 0; i < N * THREADS; i++; &v[i]) {
        shared int *b = get_buffer();
        v[i] = i;
        b[MYTHREAD] = i;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("v[3] = %d\n", v[3]);
    return 0;
}
