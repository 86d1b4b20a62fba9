/* main.upc -- a two-file program: shared data declared in vec.upc, used here
 * through extern declarations and static inline accessors of vec.h */
#include <stdio.h>
#include "vec.h"

#define COUNT(...) vec_count(NARGS(__VA_ARGS__), __VA_ARGS__)

static int even_key(const cell_t *c) { return c->key % 2 == 0; }

int main(void)
{
    int i, bad = 0;
    vec_init();

    /* walk from the shared cursor; every owner rewrites its own cells */
    upc_forall (i = 0; i < VLEN; i++; vec_owner(i))
        vec_put(i, vec_local(i)->key * 10, vec_get(i), 1.0);
    upc_barrier;

    for (i = 0; i < VLEN; i++)
        if (vec_get(i) != i + 1.5 || vec_cursor[i].key != 10L * i)
            bad++;
    if (bad)
        TRACE(0, "%d bad cells", bad);

    upc_barrier;
    MASTER_PRINTF("cells per thread %d, version %d, align %d\n", VB * VPER, vec_version,
                  (int)__alignof__(cell_t));
    MASTER_PRINTF("NARGS: %d %d %d\n", NARGS(a), NARGS(a, b, c), NARGS(1, 2, 3, 4, 5, 6));
    MASTER_PRINTF("count of keys 0, 10, 20, 25: %d\n", COUNT(0L, 10L, 20L, 25L));
    MASTER_PRINTF("count of key 10: %d\n", COUNT(10L));
    {
        double all = vec_sum(NULL), even = vec_sum(even_key);
        /* sum over i < N of i + 1.5 = N(N-1)/2 + 1.5N; every key is even */
        double n = VLEN;
        MASTER_PRINTF("sum ok: %d, even == all: %d\n", all == n * (n - 1) / 2 + 1.5 * n,
                      even == all);
    }
    return bad != 0;
}
