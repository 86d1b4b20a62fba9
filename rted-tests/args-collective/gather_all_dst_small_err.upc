/* upc-check-test
 * expect: invalid-argument
 * line: 21
 * threads: 2 4
 */
/* Error: each thread's block of the gather_all destination has room for THREADS - 1 elements */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int part[THREADS];
shared int room;

int main(void)
{
    shared int *all;
    part[MYTHREAD] = MYTHREAD + 1;
    if (MYTHREAD == 0) room = THREADS - 1;
    upc_barrier;
    all = (shared int *) upc_all_alloc(THREADS, room * sizeof(int));
    upc_all_gather_all(all, part, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: done\n", MYTHREAD);
    return 0;
}
