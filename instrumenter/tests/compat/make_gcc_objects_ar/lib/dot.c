#include <math.h>
#include "vecmath.h"

const char vm_version[] = "vecmath 1.2";

double vm_dot(const double *x, const double *y, size_t n)
{
    double s = 0.0;
    size_t i;
    for (i = 0; i < n; i++)
        s += x[i] * y[i];
    return s;
}

double vm_norm(const double *x, size_t n)
{
    return sqrt(vm_dot(x, x, n));
}
