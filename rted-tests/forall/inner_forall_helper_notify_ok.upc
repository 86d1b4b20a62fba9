/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * files: inner_forall_helper_notify_lib.upc
 */
/* Correct twin: the progress helper only counts inside the loop; the threads synchronize after the loops */
#include <upc.h>
#include <stdio.h>

extern void progress(int col, int last);
#define R 3
#define C 4
shared [C] int g[R * C * THREADS];

int main(void)
{
    int r, c;
    upc_forall (r = 0; r < R; r++; continue) {
        upc_forall (c = 0; c < C * THREADS; c++; &g[r * C * THREADS + c]) {
            g[r * C * THREADS + c] = r + c;
            progress(c, -1);
        }
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("g[1] = %d\n", g[1]);
    return 0;
}
