/* Function pointers whose parameters and results are pointers-to-shared,
 * tables of operations (a "kernel dispatch" idiom from benchmark drivers). */
#include <upc.h>
#include <stdio.h>

#define NELEM 6

typedef shared int *sptr_t;
typedef void (*kernel_fn)(shared int *, int, int);
typedef shared int *(*picker_fn)(shared int *, int);

shared int data[NELEM*THREADS];
shared int out[THREADS];

static void k_fill(shared int *p, int n, int v) { int i; for (i = 0; i < n; i++) p[i*THREADS] = v + i; }
static void k_scale(shared int *p, int n, int v) { int i; for (i = 0; i < n; i++) p[i*THREADS] *= v; }
static void k_neg(p, n, v) shared int *p; int n, v; { int i; (void)v; for (i = 0; i < n; i++) p[i*THREADS] = -p[i*THREADS]; }

static shared int *pick_first(shared int *base, int t) { return base + t; }
static shared int *pick_last(shared int *base, int t) { return &base[(NELEM-1)*THREADS + t]; }

struct op { const char *name; kernel_fn fn; int arg; };

static struct op ops[] = {
    { "fill",  k_fill,  3 },
    { "scale", &k_scale, 10 },
    { "neg",   k_neg,   0 },
};

static picker_fn pickers[2] = { pick_first, &pick_last };

static int apply(void (*f)(sptr_t, int, int), sptr_t p, int v)
{
    (*f)(p, NELEM, v);
    return 0;
}

int main(void)
{
    unsigned k;
    int err = 0;
    shared int *(*pf)(shared int *, int) = pickers[0];

    for (k = 0; k < sizeof ops / sizeof ops[0]; k++)
        apply(ops[k].fn, &data[MYTHREAD], ops[k].arg);
    upc_barrier;

    out[MYTHREAD] = *pf(data, (MYTHREAD + 1) % THREADS) + *pickers[1](data, MYTHREAD);
    upc_barrier;
    if (MYTHREAD == 0) {
        int t;
        for (t = 0; t < THREADS; t++)
            if (out[t] != -30 + -(3 + NELEM - 1) * 10) { err++; printf("out[%d]=%d\n", t, out[t]); }
        printf("fnptr_shared_ops: %s\n", err ? "FAIL" : "ok");
    }
    return err;
}
