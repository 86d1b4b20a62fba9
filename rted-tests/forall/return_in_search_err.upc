/* upc-check-test
 * expect: forall-escape
 * line: 19
 * threads: 2 4 8
 * report: the upc_forall is at return_in_search_err.upc:17, with condition `i < n` (variable 'i' declared at return_in_search_err.upc:16, variable 'n' declared at return_in_search_err.upc:14) and affinity `&keys[i]` (variable 'keys' declared at return_in_search_err.upc:11)
 */
/* Error: the search returns from inside the upc_forall body as soon as it finds the key */
#include <upc.h>
#include <stdio.h>

shared int keys[4 * THREADS];
shared int wanted;

int find(int n)
{
    int i;
    upc_forall (i = 0; i < n; i++; &keys[i]) {
        if (keys[i] == wanted)
            return i;
    }
    return -1;
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
