/* upc-check-test
 * expect: collective-mismatch
 * line: 18 19
 * threads: 2 4 8
 */
/* Error: odd threads call upc_all_alloc while even threads are at upc_barrier */
#include <upc.h>
#include <stdio.h>

shared int need[THREADS];

int main(void)
{
    shared int *buf = NULL;
    need[MYTHREAD] = MYTHREAD % 2;
    upc_barrier;
    if (need[MYTHREAD])
        buf = (shared int *) upc_all_alloc(THREADS, sizeof(int));
    upc_barrier;
    if (buf != NULL) buf[MYTHREAD] = MYTHREAD;
    upc_barrier;
    if (MYTHREAD == 0) printf("allocated\n");
    return 0;
}
