/* The loop index of a upc_forall keeps C's meaning after the loop: programs use it
 * (for the count of elements, for the next phase's start), like any for loop. */
#include <upc.h>
#include <stdio.h>

#define NB 10

shared int A[NB*THREADS];
shared [3] int B[NB*THREADS];
shared int count[THREADS];

int main(void)
{
    int i, k, m, mine = 0, errs = 0;

    upc_forall (i = 0; i < NB*THREADS; i++; &A[i])
        A[i] = i;
    if (i != NB*THREADS) errs++;

    upc_forall (k = 5; k <= 7*THREADS; k++; &B[k]) {
        B[k] = k;
        mine++;
    }
    if (k != 7*THREADS + 1) errs++;

    upc_forall (m = 9; m < 3; m++; m)
        errs++;                          /* never runs */
    if (m != 9) errs++;

    count[MYTHREAD] = mine;
    upc_barrier;
    if (MYTHREAD == 0) {
        int total = 0;
        for (i = 0; i < THREADS; i++)
            total += count[i];
        if (total != 7*THREADS - 4) errs++;
    }
    printf("thread %d: %s\n", MYTHREAD, errs ? "FAIL" : "ok");
    return 0;
}
