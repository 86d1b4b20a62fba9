/* upc_localsizeof, upc_blocksizeof, upc_elemsizeof on types and expressions: integer
 * constants (also with dynamic THREADS), the operand is not evaluated, and sizeof of a
 * THREADS-dependent array is a run-time value. */
#define CONF_FEATURE "sizeof_ops"
#include "conf.h"

// expect-stdout: sizeof_ops: local A=40 C2=20 D=800 S=16 buf=8 Q=120
// expect-stdout: sizeof_ops: block A=1 B5=5 C2=5 D=0 buf=4 Q=3
// expect-stdout: sizeof_ops: elem A=4 D=8 S=16 Q=4

struct S { int a; double b; };
typedef int R[10];

shared int x;
shared [5] int y;
shared int A[10 * THREADS];
shared [5] int B5[2 * THREADS];
shared [*] int C2[5 * THREADS];
shared [] double D[100];
shared struct S s[THREADS];
shared [4] char buf[5 * THREADS];
shared [3] R Q[3 * THREADS];
typedef shared [7] long L7;

/* Integer constant expressions: usable as array sizes and case labels. */
static char by_local[upc_localsizeof(A)];
static char by_block[upc_blocksizeof(B5)];
static char by_elem[upc_elemsizeof(s)];
enum { E_LOCAL = upc_localsizeof(Q), E_BLOCK = upc_blocksizeof(L7) };

static int side;
static int bump(void) { return ++side; }

int main(void)
{
    long T = THREADS;

    CHECK_EQ(sizeof by_local, 40);
    CHECK_EQ(sizeof by_block, 5);
    CHECK_EQ(sizeof by_elem, 16);
    CHECK_EQ(E_LOCAL, 120);
    CHECK_EQ(E_BLOCK, 7);
    switch ((int)T * 0 + 4) {
    case upc_elemsizeof(A):
        break;
    default:
        CHECK(0 && "case upc_elemsizeof(A) not taken");
    }

    CHECK_EQ(upc_localsizeof(x), sizeof(int));
    CHECK_EQ(upc_blocksizeof(x), 1);
    CHECK_EQ(upc_elemsizeof(x), sizeof(int));
    CHECK_EQ(upc_localsizeof(y), sizeof(int));
    CHECK_EQ(upc_blocksizeof(y), 5);
    CHECK_EQ(upc_localsizeof(A), 40);
    CHECK_EQ(upc_blocksizeof(A), 1);
    CHECK_EQ(upc_elemsizeof(A), 4);
    CHECK_EQ(upc_blocksizeof(B5), 5);
    CHECK_EQ(upc_localsizeof(C2), 20);
    CHECK_EQ(upc_blocksizeof(C2), 5);
    CHECK_EQ(upc_localsizeof(D), 800);
    CHECK_EQ(upc_blocksizeof(D), 0);
    CHECK_EQ(upc_elemsizeof(D), 8);
    CHECK_EQ(upc_localsizeof(s), 16);
    CHECK_EQ(upc_elemsizeof(s), sizeof(struct S));
    CHECK_EQ(upc_localsizeof(buf), 8);
    CHECK_EQ(upc_blocksizeof(buf), 4);
    CHECK_EQ(upc_elemsizeof(buf), 1);
    CHECK_EQ(upc_localsizeof(Q), 120);
    CHECK_EQ(upc_blocksizeof(Q), 3);
    CHECK_EQ(upc_elemsizeof(Q), 4);
    /* an element as operand */
    CHECK_EQ(upc_blocksizeof(B5[0]), 5);
    CHECK_EQ(upc_localsizeof(B5[1]), 4);
    CHECK_EQ(upc_elemsizeof(Q[1]), 4);
    /* types as operands */
    CHECK_EQ(upc_blocksizeof(shared [9] int), 9);
    CHECK_EQ(upc_blocksizeof(shared [] int), 0);
    CHECK_EQ(upc_blocksizeof(shared double), 1);
    CHECK_EQ(upc_elemsizeof(shared [2] struct S), sizeof(struct S));
    CHECK_EQ(upc_blocksizeof(L7), 7);
    CHECK_EQ(upc_elemsizeof(L7), sizeof(long));
    /* the operand is not evaluated */
    side = 0;
    CHECK_EQ(upc_blocksizeof(A[bump()]), 1);
    CHECK_EQ(upc_elemsizeof(A[bump()]), 4);
    CHECK_EQ(upc_localsizeof(A[bump()]), 4);
    CHECK_EQ(side, 0);
    /* sizeof of THREADS-dependent arrays */
    CHECK_EQ(sizeof(A), 40 * T);
    CHECK_EQ(sizeof(C2), 20 * T);
    CHECK_EQ(sizeof(s), 16 * T);
    CHECK_EQ(sizeof(buf), 5 * T);
    CHECK_EQ(sizeof(Q), 3 * T * sizeof(R));
    CHECK_EQ(sizeof(D), 800);
    CHECK_EQ(sizeof(A) / sizeof(A[0]), 10 * T);
    /* the local size bounds every thread's part */
    for (long t = 0; t < T; t++) {
        CHECK(upc_affinitysize(sizeof(B5), 5 * sizeof(int), t) <= upc_localsizeof(B5));
        CHECK(upc_affinitysize(sizeof(buf), 4, t) <= upc_localsizeof(buf));
        CHECK(upc_affinitysize(sizeof(Q), 3 * sizeof(int), t) <= upc_localsizeof(Q));
    }
    if (MYTHREAD == 0) {
        printf("sizeof_ops: local A=%d C2=%d D=%d S=%d buf=%d Q=%d\n", (int)upc_localsizeof(A),
               (int)upc_localsizeof(C2), (int)upc_localsizeof(D), (int)upc_localsizeof(s),
               (int)upc_localsizeof(buf), (int)upc_localsizeof(Q));
        printf("sizeof_ops: block A=%d B5=%d C2=%d D=%d buf=%d Q=%d\n", (int)upc_blocksizeof(A),
               (int)upc_blocksizeof(B5), (int)upc_blocksizeof(C2), (int)upc_blocksizeof(D),
               (int)upc_blocksizeof(buf), (int)upc_blocksizeof(Q));
        printf("sizeof_ops: elem A=%d D=%d S=%d Q=%d\n", (int)upc_elemsizeof(A),
               (int)upc_elemsizeof(D), (int)upc_elemsizeof(s), (int)upc_elemsizeof(Q));
    }
    return conf_finish();
}
