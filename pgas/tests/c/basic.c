/* Start-up, statics with THREADS-dependent sizes and initializers, layout, barriers, strict
 * flag hand-off, exit status. */
#include "capi.h"

SHARED_ARRAY(int, A, 3, 10 * THREADS)
SHARED_ARRAY(long, counter, 0, 1)
SHARED_ARRAY(int, flag, 0, 1)
SHARED_ARRAY(double, data, 1, THREADS)

static void init_counter(void) { *ELEM(long, counter, 0, 0) = 42; }

__attribute__((constructor(200))) static void set_init(void) { counter_var.init = init_counter; }

#ifndef UPC_STATIC
#define UPC_STATIC 0
#endif
UPC_MAIN(UPC_STATIC)

static int user_main(int argc, char **argv, char **envp)
{
    (void)envp;
    if (MYTHREAD == 0 && argc > 1) { /* what main sees of its arguments */
        printf("args");
        for (int i = 1; i < argc; i++) printf(" %s", argv[i]);
        printf("%s\n", argv[argc] ? " (no null after them)" : "");
    }
    CHECK(*ELEM(long, counter, 0, 0) == 42); /* initializer ran once, before main */
    upcr_barrier(0, 0);
    /* Every thread writes the elements it has affinity to. */
    for (int i = 0; i < 10 * THREADS; i++) {
        pts p = upcr_ps_elem(A_var.offset, i, sizeof(int), 3);
        if ((int)p.thread == MYTHREAD)
            *ELEM(int, A, 3, i) = i * 7;
    }
    upcr_barrier(1, 5);
    for (int i = 0; i < 10 * THREADS; i++)
        CHECK(*ELEM(int, A, 3, i) == i * 7);
    /* Local slice is a plain C array: the thread's elements in course order. */
    int *mine = (int *)upcr_addr(MYTHREAD, A_var.offset);
    int k = 0;
    for (int i = 0; i < 10 * THREADS; i++)
        if ((int)upcr_ps_elem(A_var.offset, i, sizeof(int), 3).thread == MYTHREAD)
            CHECK(mine[k++] == i * 7);
    upcr_barrier(0, 0);
    /* Strict flag hand-off: thread 0 publishes data, then the flag. */
    if (MYTHREAD == 0) {
        for (int t = 0; t < THREADS; t++)
            *ELEM(double, data, 1, t) = t + 0.5;
        upcr_fence();
        *(volatile int *)upcr_strict(ELEM(int, flag, 0, 0)) = 1;
        upcr_fence();
    } else {
        while (*(volatile int *)upcr_strict(ELEM(int, flag, 0, 0)) == 0)
            ;
        for (int t = 0; t < THREADS; t++)
            CHECK(*ELEM(double, data, 1, t) == t + 0.5);
    }
    upcr_notify(1, 9);
    upcr_wait(0, 0);
    printf("thread %d of %d ok\n", MYTHREAD, THREADS);
    return MYTHREAD == THREADS - 1 ? 3 : 0;
}
