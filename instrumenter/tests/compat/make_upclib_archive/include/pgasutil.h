#ifndef PGASUTIL_H
#define PGASUTIL_H
#include <upc.h>

#define SEG 1000

extern shared [SEG] long work[SEG*THREADS];
extern shared long partial[THREADS];
extern shared int nerrors;

long pgas_sum(void);
void pgas_scatter(const long *vals, int n);
#endif
