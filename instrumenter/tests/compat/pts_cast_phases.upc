/* pts_cast_phases.upc -- the phase of a pointer-to-shared after every kind of
 * pointer-to-shared conversion (UPC 1.3 6.4.3 and issue 112), written as a
 * conformance-suite table: through shared void * and back (implicitly and
 * with casts), to another block size, to the same block size with another
 * element size, between a pointer to rows and a pointer to their elements,
 * to [] and to the default block size; thread and address never change. */
#include <upc.h>
#include <stdio.h>

#define B 3
shared [B] int A[B * 4 * THREADS];
shared [4] int R[THREADS][4];            /* rows of 4, blocks of 4 ints: one row each */

static int fails;
static void expect(const char *what, shared void *p, size_t phase, shared void *same_as)
{
    if (upc_phaseof(p) != phase || upc_threadof(p) != upc_threadof(same_as) ||
        upc_addrfield(p) != upc_addrfield(same_as)) {
        fails++;
        printf("%s: thread %d phase %d addr %lu\n", what, (int)upc_threadof(p),
               (int)upc_phaseof(p), (unsigned long)upc_addrfield(p));
    }
}

int main(void)
{
    if (MYTHREAD == 0) {
        int k = B + 2 < B * 4 * THREADS ? B + 2 : 2;   /* phase 2 */
        shared [B] int *p = &A[k];
        shared void *g = p;                            /* implicit: phase kept */
        shared [B] int *back = g;                      /* implicit: same block, kept */
        shared [B] int *back2 = (shared [B] int *)g;
        shared [4] int *b4 = (shared [4] int *)g;      /* generic -> B=4 > phase: kept */
        shared int *b1 = (shared int *)g;              /* generic -> block 1: phase 0 */
        shared [] int *b0 = (shared [] int *)g;        /* generic -> indefinite: 0 */
        shared [2] int *c2 = (shared [2] int *)p;      /* other block size: phase 0 */
        shared [B] char *cc = (shared [B] char *)p;    /* other element size: phase 0 */
        shared [B] unsigned *cu = (shared [B] unsigned *)p;  /* same sizes: kept */
        shared [4] int (*rows)[4] = &R[THREADS > 1 ? 1 : 0];
        shared [4] int *elem = (shared [4] int *)rows;        /* issue 112: kept (0) */
        shared [4] int *mid = &R[0][2];
        shared [4] int (*rmid)[4] = (shared [4] int (*)[4])mid; /* kept: phase 2 */

        expect("void", g, 2, p);
        expect("back", back, 2, p);
        expect("back2", back2, 2, p);
        expect("[4]", b4, 2, p);
        expect("[1]", b1, 0, p);
        expect("[]", b0, 0, p);
        expect("[2]", c2, 0, p);
        expect("char", cc, 0, p);
        expect("unsigned", cu, 2, p);
        expect("rows->elems", elem, 0, rows);
        expect("elems->rows", rmid, 2, mid);
        if (*back != 0 || back != p) { fails++; printf("value/equality\n"); }

        /* arithmetic goes on from the new phase */
        expect("[2]+1", c2 + 1, 1, c2 + 1);
        if (upc_threadof(c2 + 2) != (upc_threadof(p) + 1) % THREADS) {
            fails++;
            printf("[2]+2 thread %d\n", (int)upc_threadof(c2 + 2));
        }
        if (upc_threadof(b0 + 5) != upc_threadof(p)) { fails++; printf("[]+5 thread\n"); }
        if (upc_phaseof(back + 1) != 0 || upc_threadof(back + 1) != (upc_threadof(p) + 1) % THREADS) {
            fails++;
            printf("back+1\n");
        }
        printf("conversions checked, %d failures\n", fails);
    }
    return 0;
}
