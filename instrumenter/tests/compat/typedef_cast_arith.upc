/* Casts through typedef'd pointer-to-shared types in arithmetic, the way
 * hand-optimized codes write them: (blk_t) &a[i] + k walks the owner's block. */
#include <upc.h>
#include <stdio.h>

typedef shared [] int *blk_t;
typedef shared int *sip;
typedef long mylong;

shared int data[4 * THREADS];

int main(void)
{
    int i, errs = 0;
    upc_forall (i = 0; i < 4 * THREADS; i++; &data[i])
        data[i] = i;
    upc_barrier;
    {
        /* data[THREADS] is element 1 of thread 0; the next int there is data[2*THREADS] */
        blk_t b = (blk_t) &data[THREADS] + 1;
        sip s = (sip) &data[0] + 2 % (4 * THREADS);
        mylong m = (mylong) -i * 2;
        if (*b != 2 * THREADS) errs++;
        if (*s != 2 % (4 * THREADS)) errs++;
        if (m != -8L * THREADS) errs++;
        if ((int) *s != *s) errs++;
        if (!((blk_t) &data[THREADS] == b - 1)) errs++;
    }
    printf("thread %d: %s\n", MYTHREAD, errs ? "FAIL" : "ok");
    return 0;
}
