/* upc-check-test
 * expect: data-race
 * line: 20 23
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: phase_walk_err.upc:20 and phase_walk_err.upc:23
 */
/* Pointer arithmetic over phases: a pointer-to-shared walks four elements from the last
   element of the thread's block into the next thread's block, which that thread writes. */
#include <upc.h>
#include <stdio.h>

#define B 4
shared [B] int g[B * THREADS];

int main(void)
{
    shared [B] int *p = &g[MYTHREAD * B + B - 1];
    int k, s = 0;
    for (k = 0; k < B; k++) g[MYTHREAD * B + k] = k;
    if (MYTHREAD != THREADS - 1)
        for (k = 0; k < 2; k++, p++)
            s += *p;
    upc_barrier;
    printf("%d: %d\n", MYTHREAD, s);
    return 0;
}
