/* upc-check-test
 * expect: forall-not-single-valued
 * line: 17 21
 * threads: 2 3 4
 */
/* Error: in nested upc_forall loops the outer (controlling) loop's affinity adds a private offset that is 1 on thread 0 */
#include <upc.h>
#include <stdio.h>

#define R 3
#define C 4
shared [C] int m[R * C * THREADS];

int main(void)
{
    int r, c, off = (MYTHREAD == 0);
    upc_forall (r = 0; r < R * THREADS; r++; r + off) {
        upc_forall (c = 0; c < C; c++; c) {
            m[r * C + c] = r + c;
        }
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("m[5] = %d\n", m[5]);
    return 0;
}
