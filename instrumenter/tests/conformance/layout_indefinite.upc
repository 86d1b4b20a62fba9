/* Layout of indefinite-block arrays ([] and [0]): everything on thread 0, phase 0,
 * consecutive addresses; every thread reads and writes them remotely. */
#define CONF_FEATURE "layout_indefinite"
#include "conf.h"

// expect-stdout: layout_indefinite: blocksizeof=0 localsizeof(ind)=80 sum=190

shared [] int ind[20];
shared [0] double indd[8];
shared [] char indc[33];
struct pt { short x; long y; };
shared [] struct pt inds[6];

int main(void)
{
    long long a0;
    int sum = 0;

    CHECK_EQ(upc_blocksizeof(ind), 0);
    CHECK_EQ(upc_blocksizeof(indd), 0);
    CHECK_EQ(upc_localsizeof(ind), 20 * sizeof(int));
    CHECK_EQ(upc_localsizeof(inds), 6 * sizeof(struct pt));
    CHECK_EQ(sizeof(indc), 33);
    CHECK_EQ(upc_elemsizeof(inds), sizeof(struct pt));

    a0 = upc_addrfield(&ind[0]);
    for (long i = 0; i < 20; i++)
        conf_check_elem(__LINE__, "ind", &ind[i], i, 0, sizeof(int), 0, a0);
    a0 = upc_addrfield(&indd[0]);
    for (long i = 0; i < 8; i++)
        conf_check_elem(__LINE__, "indd", &indd[i], i, 0, sizeof(double), 0, a0);
    a0 = upc_addrfield(&indc[0]);
    for (long i = 0; i < 33; i++)
        conf_check_elem(__LINE__, "indc", &indc[i], i, 0, 1, 0, a0);
    a0 = upc_addrfield(&inds[0]);
    for (long i = 0; i < 6; i++)
        conf_check_elem(__LINE__, "inds", &inds[i], i, 0, sizeof(struct pt), 0, a0);
    for (long t = 0; t < THREADS; t++)
        CHECK_EQI(upc_affinitysize(sizeof(ind), 0, t), t == 0 ? sizeof(ind) : 0, t);

    /* Element i is written by thread i % THREADS (remote for all but thread 0). */
    for (long i = MYTHREAD; i < 20; i += THREADS)
        ind[i] = (int)i;
    for (long i = MYTHREAD; i < 33; i += THREADS)
        indc[i] = (char)('A' + i % 26);
    for (long i = MYTHREAD; i < 6; i += THREADS) {
        inds[i].x = (short)i;
        inds[i].y = -100 * i;
    }
    upc_barrier;
    for (long i = 0; i < 20; i++) {
        CHECK_EQI(ind[i], i, i);
        sum += ind[i];
    }
    for (long i = 0; i < 33; i++)
        CHECK_EQI(indc[i], 'A' + i % 26, i);
    for (long i = 0; i < 6; i++) {
        CHECK_EQI(inds[i].x, i, i);
        CHECK_EQI(inds[i].y, -100 * i, i);
    }
    /* Thread 0 sees the array as a plain local C array. */
    if (MYTHREAD == 0) {
        int *local = (int *)ind;
        for (long i = 0; i < 20; i++)
            CHECK_EQI(local[i], i, i);
        printf("layout_indefinite: blocksizeof=%d localsizeof(ind)=%d sum=%d\n",
               (int)upc_blocksizeof(ind), (int)upc_localsizeof(ind), sum);
    }
    return conf_finish();
}
