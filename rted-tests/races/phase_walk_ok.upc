/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of phase_walk_err.upc: the walk comes after a barrier. */
#include <upc.h>
#include <stdio.h>

#define B 4
shared [B] int g[B * THREADS];

int main(void)
{
    shared [B] int *p = &g[MYTHREAD * B + B - 1];
    int k, s = 0;
    for (k = 0; k < B; k++) g[MYTHREAD * B + k] = k;
    upc_barrier;
    if (MYTHREAD != THREADS - 1)
        for (k = 0; k < 2; k++, p++)
            s += *p;
    upc_barrier;
    printf("%d: %d\n", MYTHREAD, s);
    return 0;
}
