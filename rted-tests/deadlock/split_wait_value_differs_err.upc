/* upc-check-test
 * expect: barrier-value-mismatch
 * line: 20
 * threads: 2 3 4 8
 */
/* Error: a split-phase barrier whose notify and wait values come from a generation counter; the last thread increments its counter between upc_notify and upc_wait, so its upc_wait value differs from every notify value */
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
        if (MYTHREAD == THREADS - 1 && step == 2) generation++;
        upc_wait GEN_TAG(generation);

        generation = step + 1;
    }
    if (MYTHREAD == 0) printf("local %d\n", local);
    return 0;
}
