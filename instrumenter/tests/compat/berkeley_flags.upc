/* berkeley_flags.upc -- built with the options a Berkeley UPC Makefile passes to
 * upcc (-network=smp -shared-heap=..., -g -O3 -std=gnu99 -DNDEBUG
 * -Wall -Wextra -I.): an assert with a side effect is compiled out, and the
 * shared heap is big enough for a 32 MB upc_all_alloc. */
#include <upc.h>
#include <stdio.h>
#include <assert.h>

static int evaluated = 0;
static int touch(void) __attribute__((unused));
static int touch(void) { evaluated++; return 1; }

int main(int argc, char *argv[])
{
    const size_t per = (size_t)32 << 20;
    shared [] char *big;
    shared char *all;
    (void)argc;
    (void)argv;

    assert(touch()); /* NDEBUG: not evaluated */
    all = (shared char *)upc_all_alloc(THREADS, per / THREADS + 1);
    if (all == NULL) {
        printf("upc_all_alloc failed\n");
        return 1;
    }
    big = (shared [] char *)upc_alloc(per / 8);
    big[per / 8 - 1] = 'x';
    upc_barrier;
    if (MYTHREAD == 0) {
#ifdef __OPTIMIZE__
        const char *opt = "optimized";
#else
        const char *opt = "not optimized";
#endif
        printf("assert evaluated %d times\n", evaluated);
        printf("%s, gnu99: %d\n", opt, __STDC_VERSION__ == 199901L);
        printf("heap allocations: ok\n");
        upc_free(all);
    }
    upc_free(big);
    return 0;
}
