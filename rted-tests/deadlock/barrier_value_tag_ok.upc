/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of barrier_value_tag_err.upc: the tag is read before any thread advances it */
#include <upc.h>
#include <stdio.h>

shared int phase_of[THREADS];

int main(void)
{
    int tag;
    phase_of[MYTHREAD] = 1;
    upc_barrier 0;
    tag = phase_of[MYTHREAD];
    upc_barrier tag;
    if (MYTHREAD == THREADS - 1)
        phase_of[MYTHREAD] = 2;
    printf("thread %d passed phase %d\n", MYTHREAD, tag);
    return 0;
}
