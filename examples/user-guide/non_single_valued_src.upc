/* upc-check-test
 * expect: single-valued-mismatch
 * line: 23
 * threads: 2 4 8
 */
/* User-guide scenario: a source pointer that is not single-valued. Every thread means to
 * broadcast the leader's row, but passes a pointer to its own element instead. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int rowA[THREADS];
shared int copies[THREADS];

int main(void)
{
    shared int *src;

    rowA[MYTHREAD] = 10 * MYTHREAD;
    upc_barrier;

    src = &rowA[MYTHREAD];          /* meant: &rowA[0] */
    upc_all_broadcast(copies, src, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);

    if (MYTHREAD == 0) printf("copies[%d] = %d\n", THREADS - 1, copies[THREADS - 1]);
    return 0;
}
