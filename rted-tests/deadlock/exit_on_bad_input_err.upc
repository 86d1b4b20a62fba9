/* upc-check-test
 * expect: finished-while-waiting
 * line: 30 32
 * threads: 2 4 8
 */
/* Error: each thread checks its slice of the input and calls exit(1) on a bad record; the last thread's slice has one, so it exits while the others wait at the barrier */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

#define PER 32
shared [PER] int rec[PER * THREADS];

static int check_slice(shared [PER] int *s)
{
    int i, bad = 0;
    for (i = 0; i < PER; i++)
        if (s[i] < 0)
            bad++;
    return bad;
}

int main(void)
{
    int i;
    for (i = 0; i < PER; i++)
        rec[MYTHREAD * PER + i] = (MYTHREAD == THREADS - 1 && i == PER - 1) ? -1 : i;
    if (check_slice(&rec[MYTHREAD * PER])) {
        fprintf(stderr, "thread %d: bad record\n", MYTHREAD);
        exit(1);
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("input ok\n");
    return 0;
}
