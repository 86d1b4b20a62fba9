#ifndef KERN_H
#define KERN_H
#include <stddef.h>

#define CELLS 16 /* cells per thread */

extern shared [CELLS] double field[CELLS * THREADS];
extern shared double partial[THREADS];

void stencil_steps(int steps);
double reduce_field(void);

#endif
