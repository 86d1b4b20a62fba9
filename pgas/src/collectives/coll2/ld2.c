/* long double complex and {long double, int} reductions of <upc_collective2.h> (Rust has no
 * 80-bit float).  a = a (op) b; operation codes as in upc_types.h / upc_collective2.h. */
#include <string.h>

void upcr_coll2_cld_combine(unsigned long op, void *a, const void *b)
{
    long double x[2], y[2], r[2];
    memcpy(x, a, sizeof x);
    memcpy(y, b, sizeof y);
    if (op == 1UL << 0) {
        r[0] = x[0] + y[0];
        r[1] = x[1] + y[1];
    } else if (op == 1UL << 1) {
        r[0] = x[0] * y[0] - x[1] * y[1];
        r[1] = x[0] * y[1] + x[1] * y[0];
    } else {
        return;
    }
    memcpy(a, r, sizeof r);
}

struct ldint { long double v; int i; };

void upcr_coll2_ldint_combine(int maxloc, void *a, const void *b)
{
    struct ldint x, y;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    int take = (x.v == y.v) ? (y.i < x.i) : (maxloc ? (y.v > x.v) : (y.v < x.v));
    if (take)
        memcpy(a, &y, sizeof y);
}
