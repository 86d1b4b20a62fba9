/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of memset_freed_err.upc: the scratch buffer is cleared before it is freed */
#include <upc.h>
#include <stdio.h>

shared int rounds[THREADS];

void reset(shared [] char *buf, size_t n) { upc_memset(buf, 0, n); }

int main(void)
{
    shared [] char *scratch = (shared [] char *) upc_alloc(64);
    int r;
    rounds[MYTHREAD] = 2;
    upc_barrier;
    for (r = 0; r < rounds[MYTHREAD]; r++) {
        reset(scratch, 64);
        if (r == rounds[MYTHREAD] - 1) upc_free(scratch);
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("rounds done\n");
    return 0;
}
