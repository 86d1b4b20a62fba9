/* upc-check-test
 * expect: barrier-value-mismatch
 * line: 22
 * threads: 2 4 8
 * report: this thread's value is `tag` (variable 'tag' declared at barrier_value_tag_err.upc:16)
 * report: gave its value `tag` (variable 'tag' declared at barrier_value_tag_err.upc:16) at barrier_value_tag_err.upc:22 (upc_barrier)
 */
/* Error: the phase tag given to the barrier is read from a shared counter that the last thread has already advanced */
#include <upc.h>
#include <stdio.h>

shared int phase_of[THREADS];

int main(void)
{
    int tag;
    phase_of[MYTHREAD] = 1;
    upc_barrier 0;
    if (MYTHREAD == THREADS - 1)
        phase_of[MYTHREAD] = 2;
    tag = phase_of[MYTHREAD];
    upc_barrier tag;
    printf("thread %d passed phase %d\n", MYTHREAD, tag);
    return 0;
}
