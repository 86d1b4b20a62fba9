/* upc-check-test
 * expect: invalid-argument
 * line: 18
 * threads: 2 4
 */
/* Error: the padding read from shared data makes upc_memset clear more bytes than the thread's block of the upc_all_alloc array holds */
#include <upc.h>
#include <stdio.h>

#define NB 16
shared int pad[THREADS];

int main(void)
{
    shared [NB] char *p = (shared [NB] char *) upc_all_alloc(THREADS, NB);
    pad[MYTHREAD] = (MYTHREAD == THREADS - 1) ? 4 : 0;
    upc_barrier;
    upc_memset(&p[MYTHREAD * NB], 0, NB + pad[MYTHREAD]);
    upc_barrier;
    if (MYTHREAD == 0) printf("p[0] = %d\n", p[0]);
    return 0;
}
