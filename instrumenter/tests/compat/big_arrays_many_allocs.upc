/* A memory-hungry benchmark skeleton: a 12 MB-per-thread blocked shared array (statically
   declared, blocked so each thread holds a contiguous slab), a cyclic array of
   8M ints, thousands of small upc_alloc blocks linked into per-thread lists,
   and upc_all_alloc'd scratch freed with upc_all_free. */
#include <upc_relaxed.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define NBIG (6*1024*1024)            /* doubles: a quarter of them per thread */
#define PER_THREAD (NBIG / 4)
#define NCYC (2*1024*1024)
#define NNODES 4000

shared [PER_THREAD] double big[PER_THREAD*THREADS];
shared int cyc[NCYC/4*THREADS];

typedef struct node {
    shared struct node *next;
    int64_t payload[6];
} node_t;

shared node_t *shared heads[THREADS];
shared uint64_t sums[THREADS];
shared int errs[THREADS];

int main(void)
{
    long i;
    uint64_t s = 0;
    double *mine = (double *) &big[(long) MYTHREAD * PER_THREAD];
    shared node_t *head = NULL;
    shared [] char *scratch;
    shared [1024] char *coll;

    for (i = 0; i < PER_THREAD; i++)
        mine[i] = (double) (MYTHREAD + 1);
    upc_forall (i = 0; i < NCYC/4*THREADS; i++; &cyc[i])
        cyc[i] = (int) (i & 0xff);
    upc_barrier;

    /* touch a remote slab */
    {
        int other = (MYTHREAD + 1) % THREADS;
        double t = 0;
        for (i = 0; i < PER_THREAD; i += 4096)
            t += big[(long) other * PER_THREAD + i];
        if (t != (double) (other + 1) * (PER_THREAD / 4096))
            errs[MYTHREAD]++;
    }

    /* many small allocations */
    for (i = 0; i < NNODES; i++) {
        shared node_t *n = (shared node_t *) upc_alloc(sizeof(node_t));
        if (n == NULL) {
            fprintf(stderr, "upc_alloc failed at %ld\n", i);
            upc_global_exit(1);
        }
        n->next = head;
        n->payload[0] = i;
        head = n;
    }
    heads[MYTHREAD] = head;
    scratch = (shared [] char *) upc_global_alloc(1, 1 << 20);
    memset((char *) scratch, 7, 1 << 20);
    coll = (shared [1024] char *) upc_all_alloc(THREADS * 8, 1024);
    upc_memset(&coll[MYTHREAD * 1024 * 8], MYTHREAD, 1024);
    upc_barrier;

    /* walk the neighbour's list */
    {
        shared node_t *p = heads[(MYTHREAD + THREADS - 1) % THREADS];
        long n = 0;
        while (p) {
            s += p->payload[0];
            p = p->next;
            n++;
        }
        if (n != NNODES || s != (uint64_t) NNODES * (NNODES - 1) / 2)
            errs[MYTHREAD]++;
    }
    for (i = 0; i < NCYC/4*THREADS; i += 9973)
        if (cyc[i] != (int) (i & 0xff))
            errs[MYTHREAD]++;
    if (coll[((MYTHREAD + 1) % THREADS) * 1024 * 8 + 17] != (char) ((MYTHREAD + 1) % THREADS))
        errs[MYTHREAD]++;
    upc_barrier;

    /* free everything: own list, own global block, collective block */
    while (head) {
        shared node_t *nx = head->next;
        upc_free(head);
        head = nx;
    }
    upc_free(scratch);
    upc_all_free(coll);
    upc_barrier;
    if (MYTHREAD == 0) {
        int e = 0;
        for (i = 0; i < THREADS; i++)
            e += errs[i];
        printf("big arrays (%ld MB shared): %s\n",
               (long) (sizeof(big) + sizeof(cyc)) >> 20, e ? "FAILED" : "PASSED");
    }
    return 0;
}
