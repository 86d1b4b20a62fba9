/* File-scope pointers-to-shared initialized from addresses of shared objects. */
#include <upc_relaxed.h>
#include <stdio.h>

#define N 10

shared int A[N*THREADS];
shared [N] int B[N*THREADS];
shared double scalar;

shared [1] int *p1 = (shared [1] int *) &A;
shared int *p2 = &A[3];
shared [N] int *p3 = &B[N + 2];
shared [] int *p4 = (shared [] int *) &B[5];
shared void *pv = &scalar;
shared double *pd = &scalar;
shared int *shared sp = &A[5];           /* a shared pointer-to-shared */
static shared int *ps = A + 7;
shared int *null_p = 0;

int main(void)
{
    int i, errs = 0;

    upc_forall (i = 0; i < N*THREADS; i++; &A[i])
        A[i] = i;
    upc_forall (i = 0; i < N*THREADS; i++; &B[i])
        B[i] = -i;
    if (MYTHREAD == 0)
        scalar = 2.5;
    upc_barrier;

    if (p1 != &A[0] || p1[4] != 4) errs |= 1;
    if (*p2 != 3 || upc_threadof(p2) != 3 % THREADS) errs |= 2;
    if (THREADS > 1 && (*p3 != -(N + 2) || upc_threadof(p3) != 1 || upc_phaseof(p3) != 2))
        errs |= 4;
    if (p4[0] != -5 || p4[4] != -9 || upc_threadof(p4) != 0) errs |= 8;
    if (pv != (shared void *) &scalar || *pd != 2.5) errs |= 16;
    if (*sp != 5 || sp != &A[5]) errs |= 32;
    if (*ps != 7 || ps[1] != 8) errs |= 64;
    if (null_p != NULL) errs |= 128;
    upc_barrier;
    if (MYTHREAD == 0) {
        sp = &A[6];
        p2++;
    }
    upc_barrier;
    if (*sp != 6) errs |= 256;
    if (*p2 != (MYTHREAD == 0 ? 4 : 3)) errs |= 512;   /* p2 is private to each thread */
    if (errs)
        printf("thread %d: errors 0x%x\n", MYTHREAD, errs);
    upc_barrier;
    if (MYTHREAD == 0)
        printf("file-scope pointer initializers: done\n");
    return 0;
}
