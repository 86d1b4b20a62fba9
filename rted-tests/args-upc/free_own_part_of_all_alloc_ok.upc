/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct: a upc_all_alloc'd array is one allocation: one thread (here the last) frees it with upc_free, after a barrier, whichever thread allocated it */
#include <upc.h>
#include <stdio.h>

#define BLK 8

typedef shared [BLK] double *vec_t;

static vec_t my_part(vec_t v)
{
    return v + MYTHREAD * BLK;
}

int main(void)
{
    int i;
    double s = 0.0;
    vec_t v = (vec_t) upc_all_alloc(THREADS, BLK * sizeof(double));
    vec_t mine = my_part(v);

    for (i = 0; i < BLK; i++) mine[i] = MYTHREAD + i;
    upc_barrier;
    for (i = 0; i < BLK; i++) s += v[((MYTHREAD + 1) % THREADS) * BLK + i];
    upc_barrier;
    if (MYTHREAD == 0) printf("s = %g\n", s);

    /* release the memory: one allocation, one free */
    upc_barrier;
    if (MYTHREAD == THREADS - 1)
        upc_free(v);
    return 0;
}
