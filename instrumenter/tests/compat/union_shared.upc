/* Shared unions and structs containing unions, blocked arrays of them,
   pointers-to-shared to typedef'd unions. */
#include <upc.h>
#include <stdio.h>
#include <string.h>
#include <stdint.h>

typedef union {
    double d;
    uint64_t bits;
} dbits_t;

typedef struct {
    enum { T_INT, T_DBL } kind;
    union {
        long l;
        double d;
    } u;
} value_t;

shared [2] dbits_t dv[2*THREADS];
shared value_t vals[THREADS];
shared union { int i; char c[4]; } anon_u[THREADS];

static double as_double(shared dbits_t *p) { return p->d; }

int main(void)
{
    int i, errs = 0;
    shared [2] dbits_t *q;
    shared dbits_t *generic;

    for (i = 0; i < 2; i++)
        dv[2*MYTHREAD + i].d = MYTHREAD + i * 0.5;
    if (MYTHREAD % 2) {
        vals[MYTHREAD].kind = T_DBL;
        vals[MYTHREAD].u.d = MYTHREAD / 4.0;
    } else {
        vals[MYTHREAD].kind = T_INT;
        vals[MYTHREAD].u.l = -MYTHREAD;
    }
    anon_u[MYTHREAD].i = 0;
    anon_u[MYTHREAD].c[1] = 'x';
    upc_barrier;

    for (q = dv, i = 0; i < 2*THREADS; i++, q++) {
        double want = i / 2 + (i % 2) * 0.5;
        uint64_t bits;
        memcpy(&bits, &want, sizeof bits);
        if (q->d != want || q->bits != bits)
            errs++;
    }
    generic = (shared dbits_t *) &dv[2*(THREADS-1) + 1];
    if (as_double(generic) != THREADS - 1 + 0.5)
        errs++;
    for (i = 0; i < THREADS; i++) {
        value_t v = vals[i];
        if (i % 2 ? (v.kind != T_DBL || v.u.d != i / 4.0) : (v.kind != T_INT || v.u.l != -i))
            errs++;
        if (anon_u[i].c[1] != 'x' || anon_u[i].c[0] != 0)
            errs++;
    }
    printf("thread %d: %s\n", MYTHREAD, errs ? "FAIL" : "ok");
    return 0;
}
