/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 */
/* Correct twin: the offset is in the inner loop's affinity, which a controlling outer loop makes irrelevant (every inner iteration runs), so the program is correct */
#include <upc.h>
#include <stdio.h>

#define R 3
#define C 4
shared [C] int m[R * C * THREADS];

int main(void)
{
    int r, c, off = (MYTHREAD == 0);
    upc_forall (r = 0; r < R * THREADS; r++; r) {
        upc_forall (c = 0; c < C; c++; c + off) {
            m[r * C + c] = r + c;
        }
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("m[5] = %d\n", m[5]);
    return 0;
}
