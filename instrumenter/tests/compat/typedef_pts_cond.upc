/* Pointer-to-shared typedefs in conditional expressions, null pointer casts,
 * comparisons with 0 and NULL, and as function results. */
#include <upc.h>
#include <stdio.h>
#include <stddef.h>

typedef shared [] int *iptr;
typedef shared int *cptr;

shared int A[2*THREADS];
iptr shared owned[THREADS];

static iptr pick(int want_null, iptr p)
{
    return want_null ? (iptr) NULL : p;
}

static cptr first_or_null(int n)
{
    return n > 0 ? (cptr) &A[0] : (cptr) 0;
}

int main(void)
{
    int ok = 1;
    iptr p, q;
    cptr c;

    A[MYTHREAD] = MYTHREAD;
    A[THREADS + MYTHREAD] = -MYTHREAD;
    owned[MYTHREAD] = (iptr) upc_alloc(2 * sizeof(int));
    owned[MYTHREAD][0] = 10 * MYTHREAD;
    owned[MYTHREAD][1] = 10 * MYTHREAD + 1;
    upc_barrier;

    p = pick(0, owned[(MYTHREAD + 1) % THREADS]);
    q = pick(1, p);
    if (p == NULL || q != NULL || q != (iptr) 0 || !p || q) ok = 0;
    if (p[1] != 10 * ((MYTHREAD + 1) % THREADS) + 1) ok = 0;
    c = first_or_null(1);
    if (c == 0 || *c != 0) ok = 0;
    c = first_or_null(0);
    if (c != NULL) ok = 0;
    c = MYTHREAD % 2 ? (cptr) &A[THREADS + MYTHREAD] : &A[MYTHREAD];
    if (*c != (MYTHREAD % 2 ? -MYTHREAD : MYTHREAD)) ok = 0;
    p = (MYTHREAD == 0) ? (iptr) NULL : (iptr) &A[MYTHREAD];
    if ((MYTHREAD == 0) != (p == NULL)) ok = 0;
    printf("thread %d %s\n", MYTHREAD, ok ? "ok" : "wrong");
    upc_barrier;
    upc_free(owned[MYTHREAD]);
    return 0;
}
