/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: a bad record is counted and every thread learns the count before deciding to stop */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

#define PER 32
shared [PER] int rec[PER * THREADS];
shared int nbad[THREADS];

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
    int i, total = 0;
    for (i = 0; i < PER; i++)
        rec[MYTHREAD * PER + i] = (MYTHREAD == THREADS - 1 && i == PER - 1) ? -1 : i;
    nbad[MYTHREAD] = check_slice(&rec[MYTHREAD * PER]);
    upc_barrier;
    for (i = 0; i < THREADS; i++)
        total += nbad[i];
    if (total) {
        if (MYTHREAD == 0)
            fprintf(stderr, "%d bad records\n", total);
        return 0;
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("input ok\n");
    return 0;
}
