#ifndef GRID_H
#define GRID_H
#include <upc.h>

#define NX 6
#define NY 4

typedef struct cell {
    double val;
    int    owner;
    int    hist[3];
} cell_t;

extern shared [NX] cell_t grid[NY*THREADS][NX];
extern shared double totals[THREADS];
extern strict shared int phase_done;
extern shared [] int *shared board;   /* shared pointer to a thread-0 block */

void grid_init(void);
double grid_local_sum(void);
int grid_check(shared [NX] cell_t (*row)[NX], int r);
#endif
