/* upc-check-test
 * expect: invalid-argument
 * line: 33
 * threads: 2 4 8
 */
/* Error: at cleanup every thread frees "its part" of a upc_all_alloc'd array, i.e. the pointer to its own first element; thread 0's is the array itself, but the other threads pass interior pointers (or, after thread 0's free, pointers into freed memory) */
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

    /* release the memory */
    upc_free(mine);
    return 0;
}
