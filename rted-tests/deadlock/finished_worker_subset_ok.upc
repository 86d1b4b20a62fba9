/* upc-check-test
 * expect: clean
 * threads: 3 4 8
 */
/* Correct twin: every thread runs all rounds even when its quota is used up */
#include <upc.h>
#include <stdio.h>

#define ROUNDS 6
shared int quota[THREADS];
shared int done[THREADS];

static void round_sync(int r)
{
    done[MYTHREAD] = r;
    upc_barrier;
}

int main(void)
{
    int r;
    quota[MYTHREAD] = ROUNDS;
    upc_barrier;
    for (r = 0; r < ROUNDS; r++) {
        if (r >= quota[MYTHREAD]) return 0;
        round_sync(r);
    }
    if (MYTHREAD == 0) printf("rounds %d\n", done[0]);
    return 0;
}
