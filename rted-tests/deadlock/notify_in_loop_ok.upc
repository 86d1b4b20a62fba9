/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: every upc_notify of the producer loop is matched by its upc_wait in the same iteration */
#include <upc.h>
#include <stdio.h>

#define CHUNK 4
shared [CHUNK] int buf[CHUNK * THREADS];

int main(void)
{
    int c, i, nchunks = 2, s = 0;
    for (c = 0; c < nchunks; c++) {
        upc_barrier;
        for (i = 0; i < CHUNK; i++)
            buf[MYTHREAD * CHUNK + i] = c * 100 + i;
        upc_notify;
        upc_wait;
    }
    for (i = 0; i < CHUNK; i++)
        s += buf[((MYTHREAD + 1) % THREADS) * CHUNK + i];
    upc_barrier;
    if (MYTHREAD == 0)
        printf("s = %d\n", s);
    return 0;
}
