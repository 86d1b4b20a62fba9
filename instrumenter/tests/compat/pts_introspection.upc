/*
 * What a tutorial prints to show how UPC lays shared arrays out: the thread,
 * phase and address field of elements of arrays of several block sizes, as
 * deltas of upc_addrfield from the first element the thread owns (the
 * address field itself differs between implementations), a pointer walked
 * across block boundaries, upc_resetphase, and a `%p` of a private pointer
 * formatted into a buffer but not printed (its value is not deterministic).
 */
#include <upc.h>
#include <stdio.h>
#include <string.h>

shared int cyc[2 * THREADS];
shared [3] int blk3[3 * THREADS];
shared [] int onzero[12];
shared [2] double dbl[4 * THREADS];

int main(void)
{
    if (MYTHREAD == 0) {
        int i;
        char buf[64];
        int local = 5;
        int *lp = &local;
        shared [3] int *p = &blk3[0];

        snprintf(buf, sizeof buf, "%p", (void *)lp);
        printf("%%p of a private pointer formats: %s\n", strlen(buf) > 0 ? "yes" : "no");

        printf("cyclic element 0: thread %d phase %d\n", (int)upc_threadof(&cyc[0]),
               (int)upc_phaseof(&cyc[0]));
        printf("cyclic element THREADS: thread %d, addrfield delta %ld\n",
               (int)upc_threadof(&cyc[THREADS]),
               (long)(upc_addrfield(&cyc[THREADS]) - upc_addrfield(&cyc[0])));
        for (i = 0; i < 3; i++)
            printf("blk3[%d]: phase %d, same thread as blk3[0]: %s\n", i,
                   (int)upc_phaseof(&blk3[i]),
                   upc_threadof(&blk3[i]) == upc_threadof(&blk3[0]) ? "yes" : "no");
        printf("blk3[3] is on thread %d with phase %d\n", (int)upc_threadof(&blk3[3]),
               (int)upc_phaseof(&blk3[3]));
        printf("onzero[11]: thread %d phase %d delta %ld\n", (int)upc_threadof(&onzero[11]),
               (int)upc_phaseof(&onzero[11]),
               (long)(upc_addrfield(&onzero[11]) - upc_addrfield(&onzero[0])));
        printf("dbl block: phase of dbl[1] %d, delta %ld\n", (int)upc_phaseof(&dbl[1]),
               (long)(upc_addrfield(&dbl[1]) - upc_addrfield(&dbl[0])));

        /* walk a blocked pointer 7 elements: phase and thread follow the layout */
        for (i = 0; i < 7; i++)
            p++;
        printf("p = &blk3[0] + 7: phase %d, thread %s\n", (int)upc_phaseof(p),
               upc_threadof(p) == (7 / 3) % THREADS ? "as computed" : "WRONG");
        printf("resetphase: phase %d, thread unchanged: %s\n",
               (int)upc_phaseof(upc_resetphase(p)),
               upc_threadof(upc_resetphase(p)) == upc_threadof(p) ? "yes" : "no");
        printf("addrfield of the reset pointer: %ld bytes lower\n", /* the same address */
               (long)(upc_addrfield(p) - upc_addrfield(upc_resetphase(p))));
    }
    return 0;
}
