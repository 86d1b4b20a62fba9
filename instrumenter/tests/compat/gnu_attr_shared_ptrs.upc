/* More attribute positions around pointers-to-shared and shared arrays, as
 * produced by macro-heavy code (UNUSED, ALIGNED, NOINLINE wrappers). */
#include <upc.h>
#include <stdio.h>

#define UNUSED       __attribute__((__unused__))
#define ALIGNED(n)   __attribute__((__aligned__(n)))
#define NOINLINE     __attribute__((__noinline__))
#define HOT          __attribute__((hot))

typedef struct ALIGNED(32) { double v[2]; } pair_t;

shared [4] int blocks[4*THREADS] ALIGNED(64);
shared pair_t pairs[THREADS];
shared int * UNUSED spare_ptr;
shared int *shared UNUSED shared_spare;
static shared double UNUSED unused_scalar;
shared int total ALIGNED(8) = 0;

NOINLINE HOT static int
sum_block(shared [4] int *b UNUSED, int n)
{
    int i, s = 0;
    for (i = 0; i < n; i++)
        s += b[i];
    return s;
}

static int UNUSED never_called(void) { return 1; }

int main(void)
{
    int i, UNUSED dummy;
    shared [4] int *mine UNUSED = &blocks[4 * MYTHREAD];
    pair_t local ALIGNED(32);

    upc_forall (i = 0; i < 4*THREADS; i++; &blocks[i])
        blocks[i] = i;
    pairs[MYTHREAD].v[0] = MYTHREAD;
    pairs[MYTHREAD].v[1] = 1.0;
    upc_barrier;
    local = pairs[(MYTHREAD + 1) % THREADS];
    if (sum_block(mine, 4) != 16 * MYTHREAD + 6 || local.v[0] != (MYTHREAD + 1) % THREADS
        || sizeof(pair_t) != 32)
        printf("thread %d: wrong\n", MYTHREAD);
    upc_barrier;
    if (MYTHREAD == 0) {
        total = sum_block(blocks, 4);
        printf("attribute positions: ok (%d)\n", total);
    }
    return 0;
}
