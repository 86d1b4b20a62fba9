/* upc-check-test
 * expect: null-pointer-to-shared
 * line: 36
 * threads: 2 4 8
 * value: pointer = NULL
 * report: null pointer-to-shared `slot` dereferenced
 */
/* Error: the lookup returns NULL for a key that is not in the table, and the caller reads *slot without testing it */
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
    v = *slot;
    printf("thread %d: value %d\n", MYTHREAD, v);
    return 0;
}
