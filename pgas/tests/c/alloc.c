/* Allocation: upc_all_alloc (same pointer, layout), upc_global_alloc, upc_alloc, frees, reuse
 * of freed memory, exhaustion returns NULL, an allocation made by one thread used by all. */
#include "capi.h"

SHARED_ARRAY(pts, slot, 1, THREADS)

UPC_MAIN(0)

static int user_main(int argc, char **argv, char **envp)
{
    (void)argc; (void)argv; (void)envp;
    /* shared [4] int *p = upc_all_alloc(THREADS * 3, 4 * sizeof(int)) */
    pts p = upc_all_alloc(THREADS * 3, 4 * sizeof(int));
    CHECK(!upcr_ps_is_null(p) && p.thread == 0 && p.phase == 0);
    *ELEM(pts, slot, 1, MYTHREAD) = p;
    upcr_barrier(0, 0);
    for (int t = 0; t < THREADS; t++)
        CHECK(upcr_ps_eq(*ELEM(pts, slot, 1, t), p));
    int n = THREADS * 12;
    for (int i = 0; i < n; i++) {
        pts e = upcr_ps_add(p, i, sizeof(int), 4);
        if ((int)e.thread == MYTHREAD)
            *(int *)upcr_ps_local(e) = i;
    }
    upcr_barrier(0, 0);
    for (int i = 0; i < n; i++)
        CHECK(*(int *)upcr_ps_local(upcr_ps_add(p, i, sizeof(int), 4)) == i);
    /* Block j is on thread j % THREADS at the same local offset. */
    for (int j = 0; j < THREADS * 3; j++) {
        pts b = upcr_ps_add(p, j * 4, sizeof(int), 4);
        CHECK((int)b.thread == j % THREADS && b.addr == p.addr + (j / THREADS) * 16);
    }
    upcr_barrier(0, 0);
    upc_all_free(p);

    /* Thread 0 allocates, everyone uses it. */
    if (MYTHREAD == 0) {
        pts g = upc_global_alloc(THREADS, 64);
        CHECK(!upcr_ps_is_null(g));
        for (int t = 0; t < THREADS; t++)
            *ELEM(pts, slot, 1, t) = g;
    }
    upcr_barrier(0, 0);
    pts g = *ELEM(pts, slot, 1, MYTHREAD);
    pts mine = upcr_ps_add(g, MYTHREAD * 64, 1, 64);
    CHECK((int)mine.thread == MYTHREAD);
    memset(upcr_ps_to_local(mine), MYTHREAD + 1, 64);
    upcr_barrier(0, 0);
    if (MYTHREAD == THREADS - 1) {
        for (int t = 0; t < THREADS; t++) {
            unsigned char buf[64];
            upc_memget(buf, upcr_ps_add(g, t * 64, 1, 64), 64);
            for (int k = 0; k < 64; k++)
                CHECK(buf[k] == t + 1);
        }
        upc_free(g); /* any thread may free */
    }
    upcr_barrier(0, 0);

    /* upc_alloc: local, freed memory is reused. */
    pts a = upc_alloc(1000);
    CHECK((int)a.thread == MYTHREAD && a.phase == 0 && !upcr_ps_is_null(a));
    memset(upcr_ps_to_local(a), 7, 1000);
    upc_free(a);
    pts b = upc_alloc(1000);
    CHECK(upcr_ps_eq(a, b));
    /* Many sizes, freed in a scrambled order: everything coalesces back. */
    pts many[200];
    for (int i = 0; i < 200; i++) {
        many[i] = upc_alloc(16 + (i * 37) % 3000);
        CHECK(!upcr_ps_is_null(many[i]));
        memset(upcr_ps_to_local(many[i]), i, 16 + (i * 37) % 3000);
    }
    for (int i = 0; i < 200; i++)
        for (size_t k = 0; k < 16; k++)
            CHECK(((unsigned char *)upcr_ps_to_local(many[i]))[k] == (unsigned char)i);
    for (int i = 0; i < 200; i += 2)
        upc_free(many[i]);
    for (int i = 199; i > 0; i -= 2)
        upc_free(many[i]);
    upc_free(b);
    pts c = upc_alloc(1000);
    CHECK(upcr_ps_eq(c, a)); /* back to the bottom of the heap */
    upc_free(c);
    /* Zero size and exhaustion: the null pointer-to-shared. */
    CHECK(upcr_ps_is_null(upc_alloc(0)));
    CHECK(upcr_ps_is_null(upc_alloc((size_t)1 << 40)));
    CHECK(upcr_ps_is_null(upc_global_alloc(0, 10)));
    pts huge = upc_all_alloc(THREADS, (size_t)1 << 40);
    CHECK(upcr_ps_is_null(huge));
    /* Fill the heap with 1 MiB blocks until it is exhausted, free, and do it again. */
    int got = 0;
    static pts blocks[4096];
    while (got < 4096 && !upcr_ps_is_null(blocks[got] = upc_alloc(1 << 20)))
        got++;
    CHECK(got > 0 && got < 4096);
    for (int i = 0; i < got; i++)
        upc_free(blocks[i]);
    int again = 0;
    while (again < 4096 && !upcr_ps_is_null(blocks[again] = upc_alloc(1 << 20)))
        again++;
    CHECK(again == got);
    for (int i = 0; i < again; i++)
        upc_free(blocks[i]);
    upcr_barrier(0, 0);
    if (MYTHREAD == 0)
        printf("alloc ok (%d MiB blocks fit in the local heap)\n", got);
    return 0;
}
