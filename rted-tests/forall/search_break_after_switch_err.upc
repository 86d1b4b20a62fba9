/* upc-check-test
 * expect: forall-escape
 * line: 39
 * threads: 2 4 8
 */
/* Error: a parallel search classifies each key with a switch (whose `break`s are fine) and then leaves the upc_forall with `break` when the thread finds the wanted key */
#include <upc.h>
#include <stdio.h>

#define PER 8
#define WANTED 77

shared int keys[PER * THREADS];
shared int found_at;

int main(void)
{
    int i, hits = 0, small = 0, other = 0, mine = -1;

    for (i = MYTHREAD; i < PER * THREADS; i += THREADS)
        keys[i] = (i * 37) % 101;
    if (MYTHREAD == 0) found_at = -1;
    upc_barrier;

    upc_forall (i = 0; i < PER * THREADS; i++; &keys[i]) {
        int k = keys[i];
        switch (k % 3) {
        case 0:
            small++;
            break;
        case 1:
            other++;
            break;
        default:
            break;
        }
        if (k == WANTED) {
            mine = i;
            break;
        }
        hits++;
    }
    if (mine >= 0) found_at = mine;
    upc_barrier;
    if (MYTHREAD == 0) printf("found at %d (%d %d %d)\n", found_at, small, other, hits);
    return 0;
}
