/* C89 style: main() with no return type ending with exit(), declarations at the
   top of blocks, no // comments, implicit int in static declarations. */
#include <upc_strict.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCK 3

shared [BLOCK] int a[BLOCK*THREADS];
shared int ok[THREADS];
static count = 0;

static void
check(i)
    int i;
{
    if (a[i] == i * 7)
        count++;
}

main()
{
    int i;

    upc_forall (i = 0; i < BLOCK*THREADS; i++; &a[i])
        a[i] = i * 7;
    upc_barrier;
    for (i = 0; i < BLOCK*THREADS; i++)
        check(i);
    ok[MYTHREAD] = (count == BLOCK*THREADS);
    upc_barrier;
    if (MYTHREAD == 0) {
        int good = 0;
        for (i = 0; i < THREADS; i++)
            good += ok[i];
        printf("%d of %d threads agree\n", good, THREADS);
    }
    upc_barrier;
    exit(0);
}
