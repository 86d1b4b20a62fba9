/* field.h -- the distributed field and its helpers, shared by all files */
#ifndef FIELD_H
#define FIELD_H

#include <upc_relaxed.h>

#define B 8                      /* block size of the field */
#define PER (4 * B)              /* elements per thread */

typedef struct {
    double value;
    int owner;
    int step;
} cell;

/* defined in field.upc */
extern shared [B] cell field[PER * THREADS];
extern strict shared int generation;
extern shared [] long *shared log_buf;
extern upc_lock_t *shared log_lock;
extern int log_len;                 /* private, per thread */

/* inline helpers used by every file */
static inline int owner_of(int i) { return (int) upc_threadof(&field[i]); }
static inline int is_mine(int i) { return owner_of(i) == MYTHREAD; }
static inline shared [B] cell *cell_at(int i) { return &field[i]; }

void field_init(void);
void field_step(double (*rule)(double left, double mid, double right));
long field_log(long what);

/* util.c */
double clamp(double x, double lo, double hi);
double average3(double l, double m, double r);
#endif
