/* static shared objects: at file scope (internal linkage) and inside functions,
   each function with its own; a static pointer-to-shared remembering a position. */
#include <upc_relaxed.h>
#include <stdio.h>

typedef struct { int calls; double last; } log_t;

static shared int file_counter;
static shared log_t logbook[THREADS];

static int counter_a(void)
{
    static shared int count[THREADS];       /* this function's counts */
    return ++count[MYTHREAD];
}

static int counter_b(void)
{
    static shared int count[THREADS];       /* a different object */
    count[MYTHREAD] += 10;
    return count[MYTHREAD];
}

static double remember(double v)
{
    static shared [] double *slot = NULL;   /* private, static: set on first call */
    static shared double store[2*THREADS];
    if (slot == NULL)
        slot = (shared [] double *) &store[MYTHREAD];
    *slot += v;
    logbook[MYTHREAD].calls++;
    logbook[MYTHREAD].last = v;
    return *slot;
}

int main(void)
{
    int i, ok = 1;
    if (MYTHREAD == 0)
        file_counter = 0;
    upc_barrier;
    for (i = 0; i < 3; i++) {
        counter_a();
        counter_b();
        remember(0.5);
    }
    ok = counter_a() == 4 && counter_b() == 40 && remember(1.0) == 2.5;
    if (logbook[MYTHREAD].calls != 4 || logbook[MYTHREAD].last != 1.0)
        ok = 0;
    {
        static upc_lock_t *lock;
        lock = upc_all_lock_alloc();
        upc_lock(lock);
        file_counter += ok;
        upc_unlock(lock);
        upc_barrier;
        if (MYTHREAD == 0) {
            printf("%d threads ok\n", file_counter);
            upc_lock_free(lock);
        }
    }
    return 0;
}
