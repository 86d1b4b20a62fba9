/* upc-check-test
 * expect: forall-collective
 * line: inner_forall_helper_notify_lib.upc:8
 * threads: 2 3 4
 * files: inner_forall_helper_notify_lib.upc
 */
/* Error: an outer upc_forall with continue affinity runs a controlling inner upc_forall whose body calls a progress helper of another file; on the last column the helper starts a split-phase barrier with upc_notify */
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
            progress(c, C * THREADS - 1);
        }
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("g[1] = %d\n", g[1]);
    return 0;
}
