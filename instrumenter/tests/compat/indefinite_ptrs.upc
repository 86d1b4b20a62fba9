/* indefinite_ptrs.upc -- pointers with indefinite block size, spelled both
 * `shared [0]` and `shared []`, as the Berkeley test suite writes them: all the
 * elements live on one thread, the phase is always 0, and arithmetic never
 * leaves the thread. */
#include <upc.h>
#include <stdio.h>

#define LEN 37

typedef shared [0] int *ind_ptr;      /* the "[0]" spelling */
shared [] int *shared heads[THREADS]; /* the "[]" spelling */

static int check_walk(shared [0] int *p, int owner)
{
    int i, bad = 0;
    for (i = 0; i < LEN; i++, p++) {
        if (upc_threadof(p) != (size_t)owner) bad++;
        if (upc_phaseof(p) != 0) bad++;
        if (*p != owner * 1000 + i) bad++;
    }
    return bad;
}

int main()
{
    ind_ptr mine = (ind_ptr)upc_alloc(LEN * sizeof(int));
    shared [] int *q;
    int i, bad = 0, total;
    static shared int nbad[THREADS];

    for (i = 0; i < LEN; i++)
        mine[i] = MYTHREAD * 1000 + i;
    heads[MYTHREAD] = mine;
    upc_barrier;

    q = heads[(MYTHREAD + THREADS - 1) % THREADS];
    bad += check_walk(q, (MYTHREAD + THREADS - 1) % THREADS);

    /* pointer difference and comparison stay within the block */
    if ((q + LEN - 1) - q != LEN - 1) bad++;
    if (!(q + 5 > q + 4)) bad++;
    if (upc_addrfield(q + 3) - upc_addrfield(q) != 3 * sizeof(int)) bad++;
    /* a block size of 0 is the element size of the whole allocation */
    if (upc_blocksizeof(*q) != 0) bad++;
    if (upc_elemsizeof(*mine) != sizeof(int)) bad++;

    nbad[MYTHREAD] = bad;
    upc_barrier;
    if (MYTHREAD == 0) {
        total = 0;
        for (i = 0; i < THREADS; i++) total += nbad[i];
        printf("indefinite pointers: %d errors\n", total);
    }
    upc_barrier;
    upc_free(mine);
    return 0;
}
