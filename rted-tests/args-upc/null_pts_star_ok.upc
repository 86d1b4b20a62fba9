/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of null_pts_star_err.upc: a missing key gives -1 instead of a read through the null pointer */
#include <upc.h>
#include <stdio.h>

#define SLOTS 4
shared int keys[SLOTS * THREADS];
shared int vals[SLOTS * THREADS];

shared int *lookup(int key)
{
    int i;
    for (i = 0; i < SLOTS * THREADS; i++)
        if (keys[i] == key)
            return &vals[i];
    return NULL;
}

int main(void)
{
    int i, v;
    shared int *slot;
    if (MYTHREAD == 0)
        for (i = 0; i < SLOTS * THREADS; i++) {
            keys[i] = i * 2;
            vals[i] = i;
        }
    upc_barrier;
    slot = lookup(2 * MYTHREAD + 1);
    v = slot != NULL ? *slot : -1;
    printf("thread %d: value %d\n", MYTHREAD, v);
    return 0;
}
