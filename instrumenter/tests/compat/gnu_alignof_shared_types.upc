/* GNU/C11 operators applied to shared types and pointers-to-shared */
#include <upc.h>
#include <stdio.h>
#include <stdalign.h>

#define N 8
#define OR_DEFAULT(p, d) ((p) ?: (d))

typedef struct { char c; double d; } pair_t;

shared int A[N*THREADS];
shared [4] pair_t P[4*THREADS];
shared int *shared gp;
shared int *aligned_p __attribute__((aligned(64)));
static shared double *__attribute__((unused)) spare_p, *spare_q __attribute__((unused));

static int fails;
#define CHECK(c) do { if (!(c)) { printf("T%d: line %d: %s\n", MYTHREAD, __LINE__, #c); fails++; } } while (0)

int main(void)
{
    shared int *p = NULL, *q = &A[MYTHREAD];
    shared int *r __attribute__((unused)) = &A[0];
    shared int *__attribute__((aligned(16))) s = &A[1];
    alignas(16) int local_buf[4] = {0};
    _Alignas(32) shared int *lp = &A[0];
    _Alignas(shared double) char dbuf[8];
    shared pair_t *unused_p __attribute__((unused));
    int i, cnt = 0;

    CHECK(_Alignof(shared int) == _Alignof(int));
    CHECK(__alignof__(shared double) == __alignof__(double));
    CHECK(alignof(shared pair_t) == alignof(pair_t));
    CHECK(_Alignof(A[0]) == _Alignof(int));
    CHECK(__builtin_types_compatible_p(__typeof__(A[0]), shared int));
    CHECK(!__builtin_types_compatible_p(shared int *, int *));
    CHECK(__builtin_types_compatible_p(__typeof__(p), shared int *));
    CHECK(!__builtin_types_compatible_p(__typeof__(&P[0]), shared int *));
    CHECK(((unsigned long)local_buf & 15) == 0);
    CHECK(((unsigned long)&aligned_p & 63) == 0);
    CHECK(((unsigned long)&lp & 31) == 0 && upc_threadof(lp) == 0);
    CHECK(((unsigned long)dbuf & (_Alignof(double) - 1)) == 0);
    CHECK(__alignof__(P) == __alignof__(pair_t));
    CHECK(__alignof__(P[1].d) == __alignof__(double));
    CHECK(__alignof__ *lp == __alignof__(int));
    CHECK(_Alignof(shared int *) == _Alignof(shared void *));
    CHECK(__builtin_types_compatible_p(shared unsigned, shared unsigned int));
    CHECK(!__builtin_types_compatible_p(shared [4] pair_t *, shared [2] pair_t *));

    A[MYTHREAD] = MYTHREAD + 1;
    upc_barrier;
    CHECK(*OR_DEFAULT(p, q) == MYTHREAD + 1);
    CHECK(OR_DEFAULT(q, p) == q);
    p = &A[0];
    CHECK(*(p ?: q) == 1);
    CHECK(*r == 1 && upc_threadof(s) == 1 % THREADS);

    upc_forall (i = 0; i < N*THREADS; i++; ({ int t_ = i; &A[t_]; })) {
        CHECK(upc_threadof(&A[i]) == MYTHREAD);
        cnt++;
    }
    CHECK(cnt == N);
    upc_forall (i = 0; i < N*THREADS; i++; ({ i / 1; }))
        cnt++;
    CHECK(cnt == 2 * N);

    upc_barrier;
    if (MYTHREAD == 0) printf("gnu_alignof_shared_types: %s\n", fails ? "FAIL" : "ok");
    return fails != 0;
}
