/* upc_memcpy, upc_memget, upc_memput, upc_memset across threads' blocks: the shared
 * side is the contiguous local storage of one thread, starting at the pointed-to byte
 * (so a cyclic array's thread slice is read in one call), any source and destination
 * thread, odd offsets and lengths. */
#define CONF_FEATURE "memops"
#include "conf.h"

// expect-stdout: memops: memget, memput, memcpy and memset checked

#define B 16
shared [B] int src[B * THREADS];
shared [B] int dst[B * THREADS];
shared int cyc[4 * THREADS];
shared [4] int two_blocks[8 * THREADS];
shared [] char bytes[64];

int main(void)
{
    long T = THREADS, me = MYTHREAD;
    int buf[2 * B];

    for (int k = 0; k < B; k++)
        src[me * B + k] = (int)(me * 1000 + k);
    for (int k = 0; k < 4; k++)
        cyc[me + k * T] = (int)(me * 10 + k);
    for (int k = 0; k < 8; k++)
        two_blocks[(k / 4) * 4 * T + me * 4 + k % 4] = (int)(me * 100 + k);
    upc_barrier;

    /* memget of every thread's whole block, and of a part starting mid-block. */
    for (long t = 0; t < T; t++) {
        memset(buf, 0, sizeof buf);
        upc_memget(buf, &src[t * B], B * sizeof(int));
        for (int k = 0; k < B; k++)
            CHECK_EQI(buf[k], t * 1000 + k, t * 100 + k);
        memset(buf, -1, sizeof buf);
        upc_memget(buf, &src[t * B + 3], 5 * sizeof(int));
        for (int k = 0; k < 5; k++)
            CHECK_EQI(buf[k], t * 1000 + 3 + k, t * 100 + k);
        CHECK_EQI(buf[5], -1, t);
    }
    /* The slice of a cyclic array is contiguous on its thread. */
    for (long t = 0; t < T; t++) {
        upc_memget(buf, &cyc[t], 4 * sizeof(int));
        for (int k = 0; k < 4; k++)
            CHECK_EQI(buf[k], t * 10 + k, t * 10 + k);
    }
    /* Two blocks of one thread are consecutive: one call crosses the block boundary. */
    for (long t = 0; t < T; t++) {
        upc_memget(buf, &two_blocks[t * 4], 8 * sizeof(int));
        for (int k = 0; k < 8; k++)
            CHECK_EQI(buf[k], t * 100 + k, t * 10 + k);
    }
    upc_barrier;

    /* memput into the right neighbour's block of dst. */
    {
        long to = (me + 1) % T, from = (me + T - 1) % T;
        for (int k = 0; k < B; k++)
            buf[k] = (int)(-(me * 1000 + k));
        upc_memput(&dst[to * B], buf, B * sizeof(int));
        upc_barrier;
        for (int k = 0; k < B; k++)
            CHECK_EQI(dst[me * B + k], -(from * 1000 + k), k);
        upc_barrier;
    }

    /* memcpy between two other threads' blocks: this thread copies block t+1 of src
     * into block t+2 of dst (remote to remote for T >= 3). */
    {
        long s = (me + 1) % T, d = (me + 2) % T;
        upc_memcpy(&dst[d * B], &src[s * B], B * sizeof(int));
        upc_barrier;
        long from = (me + T - 2 + T) % T; /* thread that wrote my block */
        long sblk = (from + 1) % T;
        for (int k = 0; k < B; k++)
            CHECK_EQI(dst[me * B + k], sblk * 1000 + k, k);
        upc_barrier;
        /* a partial copy with unaligned element offsets */
        upc_memcpy(&dst[d * B + 5], &src[s * B + 1], 7 * sizeof(int));
        upc_barrier;
        for (int k = 0; k < B; k++) {
            long want = (k >= 5 && k < 12) ? sblk * 1000 + (k - 4) : sblk * 1000 + k;
            CHECK_EQI(dst[me * B + k], want, k);
        }
        upc_barrier;
    }

    /* memset of the left neighbour's block, and of bytes at odd offsets. */
    {
        long to = (me + T - 1) % T;
        upc_memset(&dst[to * B], 0x5a, B * sizeof(int));
        upc_barrier;
        int want;
        memset(&want, 0x5a, sizeof want);
        for (int k = 0; k < B; k++)
            CHECK_EQI(dst[me * B + k], want, k);
        upc_barrier;
        if (MYTHREAD == 0)
            upc_memset(bytes, 0, 64);
        upc_barrier;
        if (MYTHREAD == T - 1) {
            upc_memset(&bytes[3], 'x', 5);
            char part[7] = {'a', 'b', 'c', 'd', 'e', 'f', 'g'};
            upc_memput(&bytes[20], part, 7);
            upc_memcpy(&bytes[40], &bytes[21], 3);
        }
        upc_barrier;
        char got[64];
        upc_memget(got, bytes, 64);
        for (int k = 0; k < 64; k++) {
            char w = 0;
            if (k >= 3 && k < 8)
                w = 'x';
            else if (k >= 20 && k < 27)
                w = (char)('a' + k - 20);
            else if (k >= 40 && k < 43)
                w = (char)('b' + k - 40);
            CHECK_EQI(got[k], w, k);
        }
    }
    /* zero-length calls are no-ops */
    upc_memcpy(&dst[0], &src[0], 0);
    upc_memget(buf, &src[0], 0);
    upc_memput(&dst[0], buf, 0);
    upc_memset(&dst[0], 1, 0);
    upc_barrier;
    if (MYTHREAD == 0)
        printf("memops: memget, memput, memcpy and memset checked\n");
    return conf_finish();
}
