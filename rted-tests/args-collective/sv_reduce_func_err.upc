/* upc-check-test
 * expect: single-valued-mismatch
 * line: 22
 * threads: 2 4
 */
/* Error: the combining function comes from a per-thread preference: thread 0 passes a different function than the others */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

long add(long a, long b) { return a + b; }
long add_checked(long a, long b) { long s = a + b; if (s < a) printf("overflow\n"); return s; }
shared int careful[THREADS];
shared long v[THREADS];
shared long r;

int main(void)
{
    v[MYTHREAD] = MYTHREAD;
    careful[MYTHREAD] = (MYTHREAD == 0);
    upc_barrier;
    upc_all_reduceL(&r, v, UPC_FUNC, THREADS, 1, careful[MYTHREAD] ? add_checked : add, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("r = %ld\n", r);
    return 0;
}
