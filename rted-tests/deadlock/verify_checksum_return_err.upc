/* upc-check-test
 * expect: finished-while-waiting
 * line: 44 49
 * threads: 2 4 8
 */
/* Error: a benchmark harness verifies the checksum of each thread's input block; on a mismatch (here on the last thread) the thread prints an error and returns from main, while the others wait in upc_all_gather */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define NLOC 16

shared [NLOC] int local_part[NLOC * THREADS];
shared [] int *gathered;

typedef struct { unsigned sum; int v[NLOC]; } block_t;

static unsigned checksum(const int *v)
{
    unsigned s = 0;
    int i;
    for (i = 0; i < NLOC; i++) s = s * 31u + (unsigned) v[i];
    return s;
}

static void read_block(block_t *b)
{
    int i;
    for (i = 0; i < NLOC; i++) b->v[i] = MYTHREAD * 1000 + i;
    b->sum = checksum(b->v);
    if (MYTHREAD == THREADS - 1)
        b->v[NLOC / 2] ^= 4;        /* a flipped bit in this thread's input */
}

int main(void)
{
    block_t b;
    int i;

    gathered = (shared [] int *) upc_all_alloc(1, NLOC * THREADS * sizeof(int));
    read_block(&b);
    if (checksum(b.v) != b.sum) {
        fprintf(stderr, "thread %d: checksum mismatch in input block\n", MYTHREAD);
        return 1;
    }
    for (i = 0; i < NLOC; i++)
        local_part[MYTHREAD * NLOC + i] = b.v[i];

    upc_all_gather(gathered, local_part, NLOC * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        printf("gathered %d values, last %d\n", NLOC * THREADS, gathered[NLOC * THREADS - 1]);
    return 0;
}
