/* Pointers-to-shared viewed with other block sizes: a blocked array walked through a
 * cyclic pointer, an indefinite pointer and a pointer with a larger block, phases crossed
 * by arithmetic, upc_resetphase, and the sizeof operators of UPC on the arrays, their
 * typedefs and their elements (upc_localsizeof of arrays whose size depends on THREADS). */
#include <upc.h>
#include <stdio.h>

#define B 3
#define PER 6 /* elements per thread */
typedef shared [B] int blocked_t[PER * THREADS];
blocked_t A;
shared int cyc[4 * THREADS];
shared [] char raw[64];
shared [5] short odd[5 * THREADS + 2];

static int owner_of(int i) { return (i / B) % THREADS; }

int main(void)
{
    int errors = 0, i;
    upc_forall (i = 0; i < PER * THREADS; i++; &A[i])
        A[i] = i;
    upc_barrier;

    if (MYTHREAD == 0) {
        printf("blocksizeof A=%d cyc=%d raw=%d odd=%d blocked_t=%d\n",
               (int)upc_blocksizeof(A), (int)upc_blocksizeof(cyc), (int)upc_blocksizeof(raw),
               (int)upc_blocksizeof(odd), (int)upc_blocksizeof(blocked_t));
        printf("elemsizeof A=%d odd=%d raw=%d\n", (int)upc_elemsizeof(A),
               (int)upc_elemsizeof(odd), (int)upc_elemsizeof(raw));
        printf("localsizeof A=%d cyc=%d raw=%d\n", (int)upc_localsizeof(A),
               (int)upc_localsizeof(cyc), (int)upc_localsizeof(raw));
        /* odd has 5*THREADS+2 shorts in blocks of 5: thread 0 has two blocks when THREADS
         * divides nothing extra, i.e. ceil(ceil((5T+2)/5)/T) blocks of 10 bytes */
        {
            int blocks = (5 * THREADS + 2 + 4) / 5;
            int per = (blocks + THREADS - 1) / THREADS;
            printf("localsizeof odd %s\n",
                   (int)upc_localsizeof(odd) == per * 5 * (int)sizeof(short) ? "ok" : "WRONG");
        }

        /* walk A through a blocked pointer: threads and phases follow the layout */
        shared [B] int *p = &A[0];
        for (i = 0; i < PER * THREADS; i++, p++)
            if (*p != i || (int)upc_threadof(p) != owner_of(i) || (int)upc_phaseof(p) != i % B)
                errors++;
        printf("blocked walk: %d errors\n", errors);

        /* the same address as a cyclic pointer: each increment goes to the next thread */
        shared int *c = (shared int *)&A[1]; /* phase 1 is dropped: block size 1 */
        int seen_phase = (int)upc_phaseof(c);
        int t0 = (int)upc_threadof(c);
        c++;
        printf("cyclic view: phase %d, next thread %s\n", seen_phase,
               (int)upc_threadof(c) == (t0 + 1) % THREADS ? "ok" : "WRONG");

        /* an indefinite pointer into thread 0's first block runs over its local part */
        shared [] int *ind = (shared [] int *)&A[0];
        int local_run = 0;
        for (i = 0; i < B; i++)
            local_run += ind[i];
        printf("indefinite run of block 0: %d\n", local_run);
        {
            /* thread 0's second block starts at A[B*THREADS], right after the first */
            int v = ind[B];
            printf("indefinite next local element %s\n", v == B * THREADS ? "ok" : "WRONG");
        }

        /* phase arithmetic: from A[1] forward by 4 with block size B */
        shared [B] int *q = &A[1];
        q += 4;
        printf("A[1]+4 -> value %d phase %d thread ok %d\n", *q, (int)upc_phaseof(q),
               (int)upc_threadof(q) == owner_of(5));
        q = upc_resetphase(&A[1]);
        printf("resetphase of A[1]: phase %d value %d\n", (int)upc_phaseof(q), *q);
        q += 2; /* from phase 0: past A[1]'s block, into thread 0's next block */
        printf("resetphase walk %s\n", *q == B * THREADS ? "ok" : "WRONG");
        /* differences of pointers of the same block size */
        shared [B] int *r = &A[PER * THREADS - 1];
        printf("difference %s\n", r - &A[2] == PER * THREADS - 3 ? "ok" : "WRONG");

        /* a larger block size view of the same storage: only thread and phase change */
        shared [2 * B] int *big = (shared [2 * B] int *)&A[0];
        printf("big view phase after 4: %d\n", (int)upc_phaseof(big + 4));

        /* back and forth through shared void * keeps the address */
        shared void *vp = &A[B * THREADS + 1];
        shared [B] int *back = (shared [B] int *)vp;
        printf("through void: %s phase %d\n", *back == B * THREADS + 1 ? "ok" : "WRONG",
               (int)upc_phaseof(back));
    }
    upc_barrier;
    return errors != 0;
}
