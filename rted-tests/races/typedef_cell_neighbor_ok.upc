/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 * flags: --upccheck:-r
 */
/* OK: the step reads the neighbour's state, waits at a barrier, then writes */
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
    upc_barrier;
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
