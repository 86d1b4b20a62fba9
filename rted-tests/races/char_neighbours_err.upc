/* upc-check-test
 * expect: data-race
 * line: 17 19
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: char_neighbours_err.upc:17 and char_neighbours_err.upc:19
 */
/* Each thread writes its own byte, then thread 0 reads thread 1's byte without a barrier */
#include <upc.h>
#include <stdio.h>

shared char mark[THREADS];

int main(void)
{
    char c = 0;
    mark[MYTHREAD] = 'a' + MYTHREAD;
    if (MYTHREAD == 0)
        c = mark[1];
    upc_barrier;
    if (MYTHREAD == 0) printf("%d\n", c >= 0);
    return 0;
}
