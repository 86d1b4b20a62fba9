/* upc-check-test
 * expect: finished-while-waiting
 * line: 17
 * threads: 3 4 8
 */
/* Error: the workers are the threads with an odd id; the last gather round is entered only by threads whose quota is left, and thread 2 returns from main while the others wait in the round's barrier */
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
    quota[MYTHREAD] = (MYTHREAD == 2) ? ROUNDS - 2 : ROUNDS;
    upc_barrier;
    for (r = 0; r < ROUNDS; r++) {
        if (r >= quota[MYTHREAD]) return 0;
        round_sync(r);
    }
    if (MYTHREAD == 0) printf("rounds %d\n", done[0]);
    return 0;
}
