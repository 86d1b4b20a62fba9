/* upc-check-test
 * expect: invalid-argument
 * line: 37
 * threads: 2 4 8
 */
/* Error: every thread keeps a upc_alloc'd block of its own number of records and copies them into the next thread's inbox, allocated with the receiver's count; the last thread has the most records and overruns thread 0's smaller inbox */
#include <upc.h>
#include <stdio.h>

typedef struct { int id; double w[3]; } rec_t;

typedef shared [] rec_t *rec_ptr;
rec_ptr shared inbox[THREADS];
shared int nrec[THREADS];

static int records_of(int t)
{
    return 4 + t;               /* uneven decomposition */
}

int main(void)
{
    int i, next = (MYTHREAD + 1) % THREADS;
    rec_ptr mine, in;
    nrec[MYTHREAD] = records_of(MYTHREAD);
    mine = (rec_ptr) upc_alloc(nrec[MYTHREAD] * sizeof(rec_t));
    for (i = 0; i < nrec[MYTHREAD]; i++) {
        mine[i].id = MYTHREAD * 100 + i;
        mine[i].w[0] = mine[i].w[1] = mine[i].w[2] = 1.0;
    }
    in = (rec_ptr) upc_alloc(nrec[MYTHREAD] * sizeof(rec_t));
    inbox[MYTHREAD] = in;
    upc_barrier;
    {
        size_t n = nrec[MYTHREAD];
        /* shift the first records one thread to the right */
        upc_memcpy(inbox[next], mine, n * sizeof(rec_t));
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("first id on 0: %d\n", inbox[0][0].id);
    upc_barrier;
    upc_free(in);
    upc_free(mine);
    return 0;
}
