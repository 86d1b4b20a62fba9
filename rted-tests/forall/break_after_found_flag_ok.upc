/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: the search records the find and lets the loop run to its end */
#include <upc.h>
#include <stdio.h>

#define N 5
shared int hay[N * THREADS];
shared int found_at;

int main(void)
{
    int i, found = -1;
    upc_forall (i = 0; i < N * THREADS; i++; &hay[i]) hay[i] = i * 2;
    upc_barrier;
    upc_forall (i = 0; i < N * THREADS; i++; &hay[i]) {
        if (hay[i] == 2 * (N * THREADS - 1)) {
            found = i;
            continue;
        }
    }
    if (found >= 0) found_at = found;
    upc_barrier;
    if (MYTHREAD == 0) printf("found at %d\n", found_at);
    return 0;
}
