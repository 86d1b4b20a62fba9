/* With -DNDEBUG, assert() expands to nothing: its operand (which would even
 * fail) must not be evaluated. static_assert from <assert.h> still works. */
#include <upc.h>
#include <assert.h>
#include <stdio.h>

shared int evaluated[THREADS];

static int touch(void)
{
    evaluated[MYTHREAD] = 1;
    return 0;
}

static_assert(sizeof(shared int *) >= sizeof(int), "pointers-to-shared hold an int");

int main(void)
{
    int t, n = 0;
    evaluated[MYTHREAD] = 0;
    assert(touch());                 /* not evaluated under NDEBUG */
    assert(MYTHREAD < 0);
    upc_barrier;
    if (MYTHREAD == 0) {
        for (t = 0; t < THREADS; t++)
            n += evaluated[t];
#ifdef NDEBUG
        printf("NDEBUG: assertions disabled, %d evaluated\n", n);
#else
        printf("assertions enabled\n");
#endif
    }
    return 0;
}
