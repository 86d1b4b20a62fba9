/* upc-check-test
 * expect: data-race
 * line: 23 25
 * threads: 2 4 8
 * flags: --upccheck:-r
 */
/* Error: a cell-automaton step over typedef'd cells; each thread updates its cell's state from the right neighbour's state while the neighbour updates it, no barrier between */
#include <upc.h>
#include <stdio.h>

typedef struct cell {
    int state;
    int age;
} cell_t;

typedef shared cell_t *cellp;

shared cell_t world[THREADS];

static void step(cellp w)
{
    int right = (MYTHREAD + 1) % THREADS;
    int s = w[right].state;
    w[MYTHREAD].age++;
    w[MYTHREAD].state = s ^ 1;
}

int main(void)
{
    int g;
    world[MYTHREAD].state = MYTHREAD & 1;
    upc_barrier;
    for (g = 0; g < 2; g++) {
        step(world);
        upc_barrier;
    }
    if (MYTHREAD == 0)
        printf("state %d\n", world[0].state);
    return 0;
}
