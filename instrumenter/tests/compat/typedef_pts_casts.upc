/* Casts through typedef'd pointer-to-shared types (string pool built with upc_alloc). */
#include <upc.h>
#include <stdio.h>
#include <string.h>

typedef shared [] char *scptr;
typedef shared int *sintp;
typedef shared [4] double *blk4_t;
typedef shared void *gptr;

#define POOL 64

shared [] char *shared pools[THREADS];     /* each thread's string pool */
shared [4] double data[4*THREADS];

static scptr next;

static scptr pool_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    scptr r = next;
    upc_memput(r, s, n);
    next = r + n;
    return r;
}

int main(void)
{
    int i, ok = 1;
    scptr mine, q;
    sintp ip;
    blk4_t bp;
    gptr g;
    char buf[POOL];

    next = (scptr) NULL;
    if (next != NULL)
        ok = 0;
    mine = (scptr) upc_alloc(POOL);
    pools[MYTHREAD] = mine;
    next = mine;
    q = pool_strdup("hello");
    pool_strdup(MYTHREAD % 2 ? "odd" : "even");
    if (q != mine || upc_threadof(q) != (size_t) MYTHREAD)
        ok = 0;

    upc_forall (i = 0; i < 4*THREADS; i++; &data[i])
        data[i] = i;
    upc_barrier;

    /* read the neighbour's pool through a generic pointer cast back */
    g = (gptr) pools[(MYTHREAD + 1) % THREADS];
    q = (scptr) g;
    upc_memget(buf, q, 6);
    if (strcmp(buf, "hello") != 0)
        ok = 0;
    upc_memget(buf, (scptr) g + 6, 5);
    if (strcmp(buf, ((MYTHREAD + 1) % THREADS) % 2 ? "odd" : "even") != 0)
        ok = 0;

    bp = (blk4_t) data;
    if (bp[4*THREADS - 1] != 4*THREADS - 1)
        ok = 0;
    bp = (blk4_t) &data[4 * MYTHREAD];
    if (upc_threadof(bp) != (size_t) MYTHREAD || bp[3] != 4 * MYTHREAD + 3)
        ok = 0;
    ip = (sintp) (gptr) &data[4 * MYTHREAD];     /* a different element type */
    if (upc_threadof(ip) != (size_t) MYTHREAD)
        ok = 0;
    if (((double *) bp)[2] != 4 * MYTHREAD + 2)    /* local access to my block */
        ok = 0;

    upc_barrier;
    upc_free(mine);
    printf("thread %d %s\n", MYTHREAD, ok ? "passed" : "FAILED");
    return 0;
}
