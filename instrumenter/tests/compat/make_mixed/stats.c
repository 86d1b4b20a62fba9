#include <math.h>
#include "stats.h"

void
summarize(const double *v, int n, struct summary *s)
{
    int i;
    double sum = 0;
    s->min = s->max = n > 0 ? v[0] : 0;
    for (i = 0; i < n; i++) {
        if (v[i] < s->min) s->min = v[i];
        if (v[i] > s->max) s->max = v[i];
        sum += v[i];
    }
    s->n = n;
    s->mean = n > 0 ? sum / n : 0;
}

double
rms(const double *v, int n)
{
    int i;
    double s = 0;
    for (i = 0; i < n; i++)
        s += v[i] * v[i];
    return n > 0 ? sqrt(s / n) : 0;
}
