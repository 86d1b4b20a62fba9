/* Pointer-to-shared arithmetic in the style of the Berkeley UPC tests: walking
 * blocked arrays with ++, +=, subtraction, comparison, casts between block sizes,
 * pointers to pointers-to-shared. */
#include <upc.h>
#include <stdio.h>

#define B 4

shared [B] long arr[3*B*THREADS];
shared long cyc[3*B*THREADS];
shared int nerr[THREADS];

int main(void)
{
    shared [B] long *p, *q;
    shared long *c;
    shared [B] long **pp = &p;
    long i, err = 0, n = 3 * B * THREADS;

    upc_forall (i = 0; i < n; i++; &arr[i]) {
        arr[i] = i;
        cyc[i] = -i;
    }
    upc_barrier;

    /* ++ walks the array in index order across threads */
    for (p = arr, i = 0; p < arr + n; p++, i++)
        if (*p != i) err++;
    /* += and subtraction */
    p = &arr[1];
    q = p + (B + 2);
    if (q - p != B + 2 || *q != B + 3) err++;
    q -= 3;
    if (*q != B || q - arr != B) err++;
    /* comparisons */
    if (!(p < q) || p == q || !(q > p) || p != &arr[1]) err++;
    /* a pointer to a pointer-to-shared */
    *pp = &arr[n - 1];
    if (**pp != n - 1 || upc_threadof(p) != (size_t) ((n - 1) / B % THREADS)) err++;
    /* the same address with block size 1: the next element is on the next thread */
    c = (shared long *) &cyc[THREADS];
    if (*c != -THREADS || c[1] != -(THREADS + 1)) err++;
    if (upc_threadof(c + 1) != (size_t) (1 % THREADS)) err++;
    /* cast a blocked pointer to block size 1 and back */
    c = (shared long *) &arr[B * MYTHREAD];           /* element 0 of my first block */
    if (upc_threadof(c) != (size_t) MYTHREAD || *c != B * MYTHREAD) err++;
    p = (shared [B] long *) c;
    if (p != &arr[B * MYTHREAD] || p[1] != B * MYTHREAD + 1) err++;
    /* decrement across a block boundary */
    p = &arr[B];
    p--;
    if (*p != B - 1 || upc_threadof(p) != 0 || upc_phaseof(p) != B - 1) err++;
    /* walking backwards over the whole array */
    p = &arr[n - 1];
    for (i = n - 1; ; i--) {
        if (*p != i) err++;
        if (i == 0)
            break;
        p--;
    }

    nerr[MYTHREAD] = (int) err;
    upc_barrier;
    if (MYTHREAD == 0) {
        int t, total = 0;
        for (t = 0; t < THREADS; t++)
            total += nerr[t];
        printf("pointer arithmetic: %d errors\n", total);
    }
    return 0;
}
