/* upc-check-test
 * expect: forall-collective
 * line: 21
 * threads: 2 3 4
 */
/* Error: nested upc_forall loops over a matrix; the inner loop's row normalization calls upc_all_reduceD, a collective inside the dynamic scope of the controlling (outer) loop */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define C 4
shared [C] double m[C * THREADS];
shared double norm;

int main(void)
{
    int r, c;
    upc_forall (r = 0; r < THREADS; r++; r) {
        upc_forall (c = 0; c < C; c++; continue) {
            m[r * C + c] = r + c;
            if (c == C - 1) upc_all_reduceD(&norm, m, UPC_ADD, C * THREADS, C, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
        }
    }

    if (MYTHREAD == 0) printf("norm %g\n", norm);
    return 0;
}
