/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: every thread uses the same base for the view */
#include <upc.h>
#include <stdio.h>

#define N 5
shared double x[N * THREADS + 1];
typedef shared double *view_t;

static view_t make_view(int shift) { return (view_t) (x + shift); }

int main(void)
{
    int i;
    view_t v = make_view(0);
    upc_forall (i = 0; i < N * THREADS; i++; &v[i]) {
        x[i] = i;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("x[1] = %g\n", x[1]);
    return 0;
}
