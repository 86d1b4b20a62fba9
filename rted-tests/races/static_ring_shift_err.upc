/* upc-check-test
 * expect: data-race
 * line: 16 17
 * threads: 2 4 8
 * flags: --upccheck:-r
 */
/* Error: a file-scope static shared ring is shifted in place: each thread reads its left neighbour's cell and writes its own, with no barrier between the reads and the writes */
#include <upc.h>
#include <stdio.h>

static shared int ring[THREADS];

static void shift(void)
{
    int left = (MYTHREAD + THREADS - 1) % THREADS;
    int v = ring[left];
    ring[MYTHREAD] = v;
}

int main(void)
{
    ring[MYTHREAD] = MYTHREAD;
    upc_barrier;
    shift();
    upc_barrier;
    if (MYTHREAD == 0)
        printf("ring[0] = %d\n", ring[0]);
    return 0;
}
