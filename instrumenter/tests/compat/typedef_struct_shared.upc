/* typedef'd struct and union types in shared declarations */
#include <upc.h>
#include <stdio.h>

typedef struct bar {
    int q;
    double w;
} bar_t;

typedef struct {
    double re, im;
} dcomplex;

typedef union {
    int i;
    unsigned char bytes[sizeof(int)];
} word_u;

typedef struct bar *bar_ptr;          /* a private pointer typedef, unrelated */

shared bar_t sb[THREADS];
shared struct bar sb2[2*THREADS];
shared dcomplex z = {1.1, 2.2};
shared [3] dcomplex zs[3*THREADS];
shared word_u words[THREADS];
shared bar_t single;

int main(void)
{
    int i, errors = 0;
    bar_t local;
    bar_ptr lp = &local;

    sb[MYTHREAD].q = MYTHREAD;
    sb[MYTHREAD].w = MYTHREAD * 0.5;
    sb2[2*MYTHREAD].q = 2*MYTHREAD;
    sb2[2*MYTHREAD+1] = sb[MYTHREAD];
    upc_forall (i = 0; i < 3*THREADS; i++; &zs[i]) {
        zs[i].re = i;
        zs[i].im = -i;
    }
    words[MYTHREAD].i = 0x01020304;
    if (MYTHREAD == THREADS - 1) {
        single.q = 42;
        single.w = 4.2;
    }
    upc_barrier;

    /* z was initialized once, before main */
    if (z.re != 1.1 || z.im != 2.2)
        errors++;
    for (i = 0; i < THREADS; i++) {
        local = sb[i];
        if (lp->q != i || lp->w != i * 0.5)
            errors++;
        if (sb2[2*i].q != 2*i || sb2[2*i+1].q != i || sb2[2*i+1].w != i * 0.5)
            errors++;
        if (words[i].bytes[0] != 0x04 && words[i].bytes[0] != 0x01)
            errors++;
    }
    for (i = 0; i < 3*THREADS; i++) {
        dcomplex c = zs[i];
        if (c.re != i || c.im != -i || upc_threadof(&zs[i]) != (size_t)((i / 3) % THREADS))
            errors++;
    }
    if (single.q != 42 || single.w != 4.2)
        errors++;
    if (sizeof(sb[0]) != sizeof(bar_t) || upc_elemsizeof(zs) != sizeof(dcomplex)
        || upc_blocksizeof(zs) != 3 || upc_localsizeof(zs) != 3 * sizeof(dcomplex)
        || upc_localsizeof(sb) != sizeof(bar_t) || sizeof(z) != 2 * sizeof(double))
        errors++;
    upc_barrier;
    sb[MYTHREAD].q = errors;
    upc_barrier;
    if (MYTHREAD == 0) {
        int total = 0;
        for (i = 0; i < THREADS; i++)
            total += sb[i].q;
        if (total == 0)
            printf("Test PASSED\n");
        else
            printf("Test FAILED: %d errors\n", total);
    }
    return 0;
}
