/* Output in thread order, the way many UPC programs print: each thread takes
 * its turn between barriers and flushes stdout, so the lines of all threads
 * come out in order. The work is a blocked matrix transpose with upc_memget
 * of whole rows and upc_memput of whole columns' pieces. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

static int *malloc_row(void);

#define NB 4                                 /* rows (and columns) per thread */
#define DIM (NB * THREADS)

shared [] int *shared src_rows[THREADS];     /* thread t holds rows t*NB .. t*NB+NB-1 */
shared [] int *shared dst_rows[THREADS];

static void
print_in_order(const char *what, long value)
{
    int t;
    for (t = 0; t < THREADS; t++) {
        if (t == MYTHREAD) {
            printf("thread %d: %s %ld\n", MYTHREAD, what, value);
            fflush(stdout);
        }
        upc_barrier;
    }
}

int
main(void)
{
    int r, c, t;
    int *row = malloc_row();
    shared [] int *mine_src, *mine_dst;
    long checksum = 0;

    mine_src = (shared [] int *) upc_alloc(NB * DIM * sizeof(int));
    mine_dst = (shared [] int *) upc_alloc(NB * DIM * sizeof(int));
    for (r = 0; r < NB; r++)
        for (c = 0; c < DIM; c++)
            mine_src[r * DIM + c] = (MYTHREAD * NB + r) * 1000 + c;
    src_rows[MYTHREAD] = mine_src;
    dst_rows[MYTHREAD] = mine_dst;
    upc_barrier;

    /* dst[c][r] = src[r][c]: read every source row, put my columns' values
       into the destination rows I own */
    for (t = 0; t < THREADS; t++) {
        for (r = 0; r < NB; r++) {
            int gr = t * NB + r;
            upc_memget(row, &src_rows[t][r * DIM], DIM * sizeof(int));
            for (c = 0; c < NB; c++)
                mine_dst[c * DIM + gr] = row[MYTHREAD * NB + c];
        }
    }
    upc_barrier;

    for (r = 0; r < NB; r++)
        for (c = 0; c < DIM; c++) {
            int want = c * 1000 + MYTHREAD * NB + r;
            checksum += dst_rows[MYTHREAD][r * DIM + c] == want;
        }
    print_in_order("transposed entries correct:", checksum - NB * DIM + 1);
    if (MYTHREAD == 0)
        printf("done\n");
    upc_barrier;
    upc_free(mine_src);
    upc_free(mine_dst);
    free(row);
    return 0;
}

static int *
malloc_row(void)
{
    int *p = malloc(DIM * sizeof(int));
    if (p == NULL) {
        fprintf(stderr, "thread %d: out of memory\n", MYTHREAD);
        upc_global_exit(1);
    }
    return p;
}
