/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: the generation counter is incremented after the upc_wait */
#include <upc.h>
#include <stdio.h>

#define GEN_TAG(g) (1000 + (g))
int generation = 0;

int main(void)
{
    int step, local = 0;
    for (step = 0; step < 4; step++) {
        upc_notify GEN_TAG(generation);
        local += step;

        upc_wait GEN_TAG(generation);
        if (MYTHREAD == THREADS - 1 && step == 2) generation++;
        generation = step + 1;
    }
    if (MYTHREAD == 0) printf("local %d\n", local);
    return 0;
}
