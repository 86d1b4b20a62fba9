/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 * flags: --upccheck:-r
 */
/* OK: the shift reads every neighbour's cell before a barrier and writes after it */
#include <upc.h>
#include <stdio.h>

static shared int ring[THREADS];

static void shift(void)
{
    int left = (MYTHREAD + THREADS - 1) % THREADS;
    int v = ring[left];
    upc_barrier;
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
