/* plain C statistics helpers (stats.c is compiled as C or as UPC) */
#ifndef STATS_H
#define STATS_H
struct summary {
    double min, max, mean;
    int n;
};
void summarize(const double *v, int n, struct summary *s);
double rms(const double *v, int n);
#endif
