/* make_mixed: a few iterations of y += a*x on blocked vectors, with
   statistics computed by a plain C file on a private copy */
#include <stdio.h>
#include <stdlib.h>
#include "vector.h"
#include "stats.h"

static double ramp(int i) { return (i % 10) * 0.1; }
static double one(int i) { (void) i; return 1.0; }

int
main(void)
{
    int it, i, n = vec_len();
    double d = 0;
    vec_fill(x, ramp);
    vec_fill(y, one);
    for (it = 0; it < ITERATIONS; it++) {
        vec_axpy(0.5, x, y);
        d = vec_dot(x, y);
    }
    if (MYTHREAD == 0) {
        double *copy = malloc(n * sizeof *copy);
        struct summary s;
        int mine = 0;
        for (i = 0; i < n; i++) {
            copy[i] = y[i];
            mine += vec_mine(y, i);
        }
        summarize(copy, n, &s);
        printf("n/THREADS = %d, elements on thread 0 = %d\n", n / THREADS, mine);
        printf("y: min %.2f max %.2f mean %.3f\n", s.min, s.max, s.mean);
        printf("x.y per element %.4f, rms(y) %.4f\n", d / n, rms(copy, n));
        free(copy);
    }
    return 0;
}
