/* <upc_castable.h>: code that reads a neighbour's block through an ordinary C
 * pointer when upc_thread_info says the memory is castable, and falls back to
 * upc_memget otherwise, as codes tuned for shared-memory nodes do. Both paths
 * must give the same answer; upc_cast of a null pointer is null and a cast of
 * one's own data equals the plain cast. */
#include <upc.h>
#include <upc_castable.h>
#include <stdio.h>
#include <string.h>

#define N 100

shared [N] int blocks[N * THREADS];
shared int *shared heap_part[THREADS];
shared long sums_cast[THREADS], sums_copy[THREADS];
shared int flags_ok[THREADS];

static long
sum_block(const int *p, int n)
{
    long s = 0;
    int i;
    for (i = 0; i < n; i++)
        s += p[i];
    return s;
}

int
main(void)
{
    int i, t, ok = 1;
    int buf[N];
    shared [] int *mine_heap;

    for (i = 0; i < N; i++)
        blocks[MYTHREAD * N + i] = MYTHREAD * 1000 + i;
    mine_heap = (shared [] int *) upc_alloc(N * sizeof(int));
    for (i = 0; i < N; i++)
        mine_heap[i] = -i - MYTHREAD;
    heap_part[MYTHREAD] = (shared int *) mine_heap;
    upc_barrier;

    ok &= upc_cast(NULL) == NULL;
    ok &= upc_cast(&blocks[MYTHREAD * N]) == (void *) &blocks[MYTHREAD * N];
    {
        long c = 0, m = 0;
        for (t = 0; t < THREADS; t++) {
            upc_thread_info_t info = upc_thread_info(t);
            shared [] int *hp = (shared [] int *) heap_part[t];
            /* static data */
            if (info.guaranteedCastable & UPC_CASTABLE_STATIC) {
                int *p = upc_cast(&blocks[t * N]);
                ok &= p != NULL;
                if (p)
                    c += sum_block(p, N);
            } else {
                upc_memget(buf, &blocks[t * N], sizeof buf);
                c += sum_block(buf, N);
            }
            /* heap data from upc_alloc */
            if (info.probablyCastable & UPC_CASTABLE_ALLOC) {
                int *p = (int *) upc_cast(hp);
                if (p == NULL) {
                    upc_memget(buf, hp, sizeof buf);
                    p = buf;
                }
                c += sum_block(p, N);
            } else {
                upc_memget(buf, hp, sizeof buf);
                c += sum_block(buf, N);
            }
            /* the portable path */
            upc_memget(buf, &blocks[t * N], sizeof buf);
            m += sum_block(buf, N);
            upc_memget(buf, hp, sizeof buf);
            m += sum_block(buf, N);
        }
        sums_cast[MYTHREAD] = c;
        sums_copy[MYTHREAD] = m;
    }
    flags_ok[MYTHREAD] = ok;
    upc_barrier;

    if (MYTHREAD == 0) {
        int same = 1;
        for (t = 0; t < THREADS; t++) {
            same &= sums_cast[t] == sums_copy[t] && sums_copy[t] == sums_copy[0];
            same &= flags_ok[t];
        }
        printf("UPC_CASTABLE_ALL covers static memory: %s\n",
               (UPC_CASTABLE_ALL & UPC_CASTABLE_STATIC) ? "yes" : "no");
        printf("cast and copy paths agree on %d threads: %s\n", THREADS, same ? "yes" : "NO");
    }
    upc_barrier;
    upc_free(mine_heap);
    return 0;
}
