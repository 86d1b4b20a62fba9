#include "field.h"

shared [B] cell field[PER * THREADS];
strict shared int generation;
shared [] long *shared log_buf;
upc_lock_t *shared log_lock;
int log_len;

#define LOG_CAP 1024

void
field_init(void)
{
    int i;
    upc_forall (i = 0; i < PER * THREADS; i++; cell_at(i)) {
        field[i].value = (i % 10 == 0) ? 100.0 : 0.0;
        field[i].owner = MYTHREAD;
        field[i].step = 0;
    }
    if (MYTHREAD == 0) {
        generation = 0;
        log_buf = (shared [] long *) upc_alloc(LOG_CAP * sizeof(long));
        log_buf[0] = 0;                 /* entries used */
        log_lock = upc_global_lock_alloc();
    }
    log_len = 0;
    upc_barrier;
}

void
field_step(double (*rule)(double, double, double))
{
    int i, n = PER * THREADS;
    double next[PER];
    int k = 0;
    /* compute my new values from the old ones, then write after a barrier */
    upc_forall (i = 0; i < n; i++; &field[i]) {
        double l = field[(i + n - 1) % n].value;
        double r = field[(i + 1) % n].value;
        next[k++] = rule(l, field[i].value, r);
    }
    upc_barrier;
    k = 0;
    upc_forall (i = 0; i < n; i++; &field[i]) {
        field[i].value = next[k++];
        field[i].step++;
    }
    upc_barrier;
    if (MYTHREAD == 0)
        generation = generation + 1;
}

long
field_log(long what)
{
    long at;
    upc_lock(log_lock);
    at = log_buf[0] + 1;
    if (at < LOG_CAP) {
        log_buf[at] = what;
        log_buf[0] = at;
    }
    upc_unlock(log_lock);
    log_len++;
    return at;
}
