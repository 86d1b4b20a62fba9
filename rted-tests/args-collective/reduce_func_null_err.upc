/* upc-check-test
 * expect: invalid-argument
 * line: 23
 * threads: 2 4
 */
/* Error: UPC_FUNC is requested but the function table entry selected by a shared index is NULL */
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
    if (MYTHREAD == 0) slot = 1;
    upc_barrier;
    upc_all_reduceI(&r, v, UPC_FUNC, THREADS, 1, table[slot], UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("r = %d\n", r);
    return 0;
}
