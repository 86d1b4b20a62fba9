/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of char_neighbours_err.upc: neighbouring bytes written by different threads do not race; the read waits for the barrier */
#include <upc.h>
#include <stdio.h>

shared char mark[THREADS];

int main(void)
{
    char c = 0;
    mark[MYTHREAD] = 'a' + MYTHREAD;
    upc_barrier;
    if (MYTHREAD == 0)
        c = mark[1];
    if (MYTHREAD == 0) printf("%c\n", c);
    return 0;
}
