#ifndef SOLVER_H
#define SOLVER_H
#include "params.h"   /* generated into obj/ */
extern shared [PARAM_CELLS] double cells[PARAM_CELLS * THREADS];
double solve(int steps);
#endif
