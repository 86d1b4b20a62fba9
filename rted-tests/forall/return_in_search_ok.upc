/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of return_in_search_err.upc: the body records the index and the loop runs to its end */
#include <upc.h>
#include <stdio.h>

shared int keys[4 * THREADS];
shared int wanted;

int find(int n)
{
    int i, found = -1;
    upc_forall (i = 0; i < n; i++; &keys[i]) {
        if (keys[i] == wanted)
            found = i;
    }
    return found;
}

int main(void)
{
    int i, where;
    for (i = MYTHREAD; i < 4 * THREADS; i += THREADS)
        keys[i] = 3 * i;
    if (MYTHREAD == 0)
        wanted = 3;
    upc_barrier;
    where = find(4 * THREADS);
    upc_barrier;
    printf("thread %d: %d\n", MYTHREAD, where);
    return 0;
}
