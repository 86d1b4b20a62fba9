/* upc-check-test
 * expect: forall-not-single-valued
 * line: 20 22
 * threads: 2 3 4 8
 */
/* Error: the pointer-to-shared used as the affinity of a upc_forall is a per-thread view of the array whose base is shifted by one element on thread 1 */
#include <upc.h>
#include <stdio.h>

#define N 5
shared double x[N * THREADS + 1];
typedef shared double *view_t;

static view_t make_view(int shift) { return (view_t) (x + shift); }

int main(void)
{
    int i;
    view_t v = make_view(MYTHREAD == 1);
    upc_forall (i = 0; i < N * THREADS; i++; &v[i]) {
        x[i] = i;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("x[1] = %g\n", x[1]);
    return 0;
}
