/* A upc_forall body that retargets the pointer it writes through without naming it:
 * through an alias (*alias = C) and in a called function that stores through a saved
 * address.  Each thread changes only its own private pointer, so every later iteration
 * must use the new target. */
#include <upc.h>
#include <stdio.h>

#define N 8
shared int A[N*THREADS], B[N*THREADS], C[N*THREADS];
shared int bad_on[THREADS];
static shared int **saved;

static void retarget(void) { *saved = C; }

int main(void)
{
    int i, bad = 0;
    shared int *q = B, **alias = &q;

    upc_forall (i = 0; i < N*THREADS; i++; &A[i]) {
        q[i] = 1;
        if (i / THREADS == 3)
            *alias = C;
    }
    upc_barrier;
    for (i = 0; i < N*THREADS; i++)
        bad += i < 4*THREADS ? B[i] != 1 : C[i] != 1;
    upc_barrier;
    q = B;
    saved = &q;
    upc_forall (i = 0; i < N*THREADS; i++; &A[i]) {
        q[i] = 2;
        if (i / THREADS == 3)
            retarget();
    }
    upc_barrier;
    for (i = 0; i < N*THREADS; i++)
        bad += i < 4*THREADS ? B[i] != 2 : C[i] != 2;
    bad_on[MYTHREAD] = bad;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0; i < THREADS; i++)
            bad += bad_on[i];
        printf("%s\n", bad ? "FAIL" : "PASS");
    }
    return 0;
}
