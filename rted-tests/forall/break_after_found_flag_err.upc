/* upc-check-test
 * expect: forall-escape
 * line: 22
 * threads: 2 3 4 8
 */
/* Error: a search over a shared array breaks out of the upc_forall when a thread finds the key (which sits in the last thread's part) */
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
            break;
        }
    }
    if (found >= 0) found_at = found;
    upc_barrier;
    if (MYTHREAD == 0) printf("found at %d\n", found_at);
    return 0;
}
