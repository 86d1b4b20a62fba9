/* Dynamic shared memory: upc_global_alloc (called by one thread, result published
 * through a shared pointer), upc_alloc per thread with a directory of pointers,
 * upc_all_alloc, upc_free and upc_all_free. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCK 16

typedef shared [BLOCK] int *blocked_ptr;

blocked_ptr shared table;                      /* made by thread 0 */
shared [] int *shared directory[THREADS];      /* one private-ish block per thread */
shared int fails[THREADS];

int main(void)
{
    int i, t, err = 0;
    shared [] int *mine;
    shared [BLOCK] int *coll;

    if (MYTHREAD == 0) {
        table = (blocked_ptr) upc_global_alloc(THREADS, BLOCK * sizeof(int));
        if (table == NULL)
            upc_global_exit(1);
    }
    mine = (shared [] int *) upc_alloc(BLOCK * sizeof(int));
    directory[MYTHREAD] = mine;
    coll = (shared [BLOCK] int *) upc_all_alloc(THREADS, BLOCK * sizeof(int));
    upc_barrier;

    /* fill my block of the global table and my own allocation */
    upc_forall (i = 0; i < BLOCK * THREADS; i++; &table[i]) {
        table[i] = i;
        coll[i] = -i;
    }
    for (i = 0; i < BLOCK; i++)
        mine[i] = MYTHREAD * 100 + i;
    upc_barrier;

    for (i = 0; i < BLOCK * THREADS; i++) {
        if (table[i] != i || coll[i] != -i)
            err++;
        if (upc_threadof(&table[i]) != (size_t) (i / BLOCK))
            err++;
    }
    for (t = 0; t < THREADS; t++) {
        shared [] int *p = directory[t];
        if (upc_threadof(p) != (size_t) t || p[BLOCK - 1] != t * 100 + BLOCK - 1)
            err++;
    }
    fails[MYTHREAD] = err;
    upc_barrier;

    upc_free(mine);
    upc_all_free(coll);
    if (MYTHREAD == THREADS - 1)
        upc_free(table);                        /* any thread may free it */
    if (MYTHREAD == 0) {
        for (t = 0, err = 0; t < THREADS; t++)
            err += fails[t];
        printf("dynamic allocation test %s\n", err ? "FAILED" : "PASSED");
    }
    return 0;
}
