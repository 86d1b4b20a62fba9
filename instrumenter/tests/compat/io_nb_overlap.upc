/* io_nb_overlap.upc -- overlap in the style of an I/O-heavy simulation code:
 * every UPC header of the optional libraries included together, implicit
 * non-blocking puts (upc_memput_nbi + upc_synci) to fill a neighbour's slab,
 * an asynchronous collective write of the shared array
 * (upc_all_fwrite_shared_async) overlapped with explicit-handle gets
 * (upc_memget_nb + upc_sync), the write completed with upc_all_fwait_async,
 * and the file read back with individual file pointers after upc_all_fseek. */
#include <upc_relaxed.h>
#include <upc_collective.h>
#include <upc_io.h>
#include <upc_nb.h>
#include <upc_tick.h>
#include <stdio.h>
#include <string.h>

#define SLAB 64

shared [SLAB] int slab[SLAB * THREADS];
shared int ok[THREADS];

int main(void)
{
    int me = MYTHREAD, next = (MYTHREAD + 1) % THREADS, prev = (MYTHREAD + THREADS - 1) % THREADS;
    int src[SLAB], got[SLAB], back[SLAB];
    int i, good = 1;
    upc_file_t *fd;
    upc_handle_t h;
    upc_off_t n;

    /* fill the next thread's slab with my pattern */
    for (i = 0; i < SLAB; i++)
        src[i] = me * 1000 + i;
    upc_memput_nbi(&slab[SLAB * next], src, sizeof src);
    upc_synci();
    upc_barrier;

    fd = upc_all_fopen("io_nb_overlap.dat",
                       UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE | UPC_TRUNC, 0, NULL);
    if (fd == NULL) {
        printf("thread %d: upc_all_fopen failed\n", me);
        return 1;
    }
    /* the whole array, one block per thread, written while we fetch a slab */
    upc_all_fwrite_shared_async(fd, slab, SLAB, sizeof(int), SLAB * THREADS,
                                UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    h = upc_memget_nb(got, &slab[SLAB * prev], sizeof got);   /* reads only */
    upc_sync(h);
    n = upc_all_fwait_async(fd);
    if (n != (upc_off_t)(sizeof(int) * SLAB * THREADS)) good = 0;

    /* slab[prev] holds the pattern of prev - 1 */
    for (i = 0; i < SLAB; i++)
        if (got[i] != ((prev + THREADS - 1) % THREADS) * 1000 + i) good = 0;

    /* read my own slab back from the file with my individual pointer */
    upc_all_fseek(fd, (upc_off_t)sizeof(int) * SLAB * me, UPC_SEEK_SET);
    n = upc_all_fread_local(fd, back, sizeof(int), SLAB, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (n != (upc_off_t)sizeof back) good = 0;
    for (i = 0; i < SLAB; i++)
        if (back[i] != prev * 1000 + i) good = 0;
    if (upc_all_fget_size(fd) != (upc_off_t)(sizeof(int) * SLAB * THREADS)) good = 0;
    upc_all_fclose(fd);

    ok[me] = good;
    upc_barrier;
    if (me == 0) {
        int all = 1;
        for (i = 0; i < THREADS; i++) all &= ok[i];
        printf("slabs written, read back and verified: %s\n", all ? "yes" : "no");
        remove("io_nb_overlap.dat");
    }
    return 0;
}
