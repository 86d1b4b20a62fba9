/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of reduce_func_null_err.upc: the index selects the registered function */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

typedef int (*combine_t)(int, int);
int larger(int a, int b) { return a > b ? a : b; }
combine_t table[2] = { larger, NULL };
shared int slot;
shared int v[THREADS];
shared int r;

int main(void)
{
    v[MYTHREAD] = (MYTHREAD * 5) % 3;
    if (MYTHREAD == 0) slot = 0;
    upc_barrier;
    upc_all_reduceI(&r, v, UPC_FUNC, THREADS, 1, table[slot], UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("r = %d\n", r);
    return 0;
}
