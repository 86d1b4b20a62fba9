#include <stdarg.h>
#include "vec.h"

shared [VB] cell_t vec[VB * VPER * THREADS];
strict shared int vec_version;
shared [VB] cell_t *shared vec_cursor;

void vec_init(void)
{
    int i;
    upc_forall (i = 0; i < VLEN; i++; &vec[i]) {
        cell_t *c = vec_local(i);
        c->key = i;
        c->val[0] = i;
        c->val[1] = 0.5;
    }
    if (MYTHREAD == 0) {
        vec_version = 1;
        vec_cursor = &vec[0];
    }
    TRACE(3, "initialised %d cells", VLEN);
    upc_barrier;
}

double vec_sum(int (*select)(const cell_t *))
{
    double s = 0;
    int i;
    for (i = 0; i < VLEN; i++) {
        cell_t c = vec[i];
        if (select == NULL || select(&c))
            s += c.val[0] + c.val[1];
    }
    return s;
}

/* count the cells whose key is any of the nsel values given */
int vec_count(int nsel, ...)
{
    va_list ap;
    long want[8];
    int i, k, n = 0;
    va_start(ap, nsel);
    for (k = 0; k < nsel && k < 8; k++)
        want[k] = va_arg(ap, long);
    va_end(ap);
    for (i = 0; i < VLEN; i++)
        for (k = 0; k < nsel; k++)
            if (vec[i].key == want[k]) { n++; break; }
    return n;
}
