/* lifecycle_hooks.upc -- process lifecycle code found in libraries used from
 * UPC programs: __attribute__((constructor)) and destructor functions that
 * set up private tables before main, an atexit handler that reports from
 * thread 0, static initialisation order across a static local, and a
 * program ending by returning from main on every thread. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TABLE 16

static int table[TABLE];
static int ctor_runs;
static const char *stage = "none";

__attribute__((constructor)) static void build_table(void)
{
    int i;
    for (i = 0; i < TABLE; i++)
        table[i] = i * i;
    ctor_runs++;
    stage = "constructed";
}

__attribute__((constructor(200))) static void second_ctor(void)
{
    ctor_runs += 10;
}

static shared long squares[TABLE * THREADS];
static shared long total;

static void report(void)
{
    /* atexit handlers run on every thread after main returns */
    if (MYTHREAD == 0)
        printf("atexit: stage %s\n", stage);
}

static int next_id(void)
{
    static int id = 100;          /* initialised once, before the first call */
    return id++;
}

int main(void)
{
    int i, a, b;

    if (atexit(report) != 0)
        return 1;
    a = next_id();
    b = next_id();
    upc_forall (i = 0; i < TABLE * THREADS; i++; &squares[i])
        squares[i] = table[i % TABLE];
    upc_barrier;
    if (MYTHREAD == 0) {
        long s = 0;
        for (i = 0; i < TABLE * THREADS; i++)
            s += squares[i];
        total = s;
        printf("constructors ran: %d, ids %d %d\n", ctor_runs, a, b);
        printf("sum of squares / THREADS = %ld\n", total / THREADS);
    }
    upc_barrier;
    stage = "finished";
    return 0;
}
