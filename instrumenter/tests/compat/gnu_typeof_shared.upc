/* __typeof__ and __auto_type applied to shared objects and pointers-to-shared,
 * as generic macros in real code use them. */
#include <upc.h>
#include <stdio.h>

#define N 6

typedef struct { int key; double val; } item_t;

shared int A[N*THREADS];
shared [N] item_t items[N*THREADS];
shared int *gp;

/* __auto_type takes the value's type: a private temporary even for shared operands */
#define SWAP_SHARED(a, b) do { __auto_type tmp_ = (a); (a) = (b); (b) = tmp_; } while (0)
#define FOR_EACH_PTR(p, base, n) for (__typeof__(base) p = (base); p < (base) + (n); p++)

int main(void)
{
    int i, errs = 0;

    upc_forall (i = 0; i < N*THREADS; i++; &A[i])
        A[i] = i;
    upc_forall (i = 0; i < N*THREADS; i++; &items[i]) {
        items[i].key = i;
        items[i].val = i / 2.0;
    }
    upc_barrier;

    {
        __typeof__(&A[0]) p = &A[MYTHREAD];          /* shared int * */
        __typeof__(*p) *q = p + THREADS;              /* shared int * again */
        __typeof__(A[0] + 0) plain = *q;              /* int */
        __auto_type r = &items[N * MYTHREAD];         /* shared [N] item_t * */
        __auto_type v = A[1 % (N*THREADS)];           /* int: the value, not shared */
        __typeof__(items[0].val + 0) d = r[N - 1].val;    /* double */
        v += 1;
        if (*p != MYTHREAD || plain != MYTHREAD + THREADS || v != 2) errs++;
        if (upc_threadof(r) != (size_t) MYTHREAD || d != (N * MYTHREAD + N - 1) / 2.0) errs++;
        if (sizeof(__typeof__(A[0])) != sizeof(int) || sizeof(*r) != sizeof(item_t)) errs++;
        if (upc_blocksizeof(*r) != N || upc_elemsizeof(*q) != sizeof(int)) errs++;
    }
    {
        long sum = 0;
        FOR_EACH_PTR(it, &items[N * MYTHREAD], N)
            sum += it->key;
        if (sum != (long) N * N * MYTHREAD + N * (N - 1) / 2) errs++;
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        gp = &A[0];
        SWAP_SHARED(A[0], A[N*THREADS - 1]);
        if (*gp != N*THREADS - 1 || A[N*THREADS - 1] != 0) errs++;
        SWAP_SHARED(A[0], A[N*THREADS - 1]);
    }
    upc_barrier;
    A[MYTHREAD] = errs;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0, errs = 0; i < THREADS; i++)
            errs += A[i];
        printf("typeof on shared objects: %s\n", errs ? "FAILED" : "ok");
    }
    return 0;
}
