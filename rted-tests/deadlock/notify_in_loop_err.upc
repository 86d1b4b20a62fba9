/* upc-check-test
 * expect: split-barrier
 * line: 19
 * threads: 2 4 8
 */
/* Error: the producer loop signals "chunk ready" with upc_notify for every chunk but waits only once after the loop; with two chunks the second upc_notify comes before any upc_wait */
#include <upc.h>
#include <stdio.h>

#define CHUNK 4
shared [CHUNK] int buf[CHUNK * THREADS];

int main(void)
{
    int c, i, nchunks = 2, s = 0;
    for (c = 0; c < nchunks; c++) {
        for (i = 0; i < CHUNK; i++)
            buf[MYTHREAD * CHUNK + i] = c * 100 + i;
        upc_notify;
    }
    upc_wait;
    for (i = 0; i < CHUNK; i++)
        s += buf[((MYTHREAD + 1) % THREADS) * CHUNK + i];
    upc_barrier;
    if (MYTHREAD == 0)
        printf("s = %d\n", s);
    return 0;
}
