/* Built with -Wall -Wextra -Werror, as many projects build their releases: nothing the
 * compiler inserts may draw a warning.  A callback table whose handlers ignore some of their
 * arguments (marked unused), an unsigned 64-bit index over a blocked shared table, and a
 * helper kept out of line. */
#include <upc_relaxed.h>
#include <stdio.h>
#include <stdint.h>

#define PER_THREAD 64

typedef uint64_t u64;

shared [PER_THREAD] u64 table[PER_THREAD * THREADS];
shared u64 sums[THREADS];

typedef u64 (*handler_t)(shared [PER_THREAD] u64 *t, u64 i, int flags);

static u64 set_index(shared [PER_THREAD] u64 *t, u64 i, int flags __attribute__((unused)))
{
    t[i] = i;
    return i;
}

static u64 __attribute__((noinline))
count_one(shared [PER_THREAD] u64 *t __attribute__((unused)), u64 i __attribute__((unused)),
          __attribute__((unused)) int flags)
{
    return 1;
}

static const handler_t handlers[] = { set_index, count_one };

int main(void)
{
    u64 i, n = (u64) PER_THREAD * THREADS, mine = 0, total = 0, visited = 0;
    int t;

    upc_forall (i = 0; i < n; i++; &table[i])
        handlers[0](table, i, 0);
    upc_barrier;
    upc_forall (i = 0; i < n; i++; &table[i]) {
        mine += table[i];
        visited += handlers[1](table, i, 1);
    }
    sums[MYTHREAD] = mine;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (t = 0; t < THREADS; t++)
            total += sums[t];
        printf("sum %s, thread 0 visited %s\n", total == n * (n - 1) / 2 ? "right" : "wrong",
               visited == PER_THREAD ? "its own block" : "other elements");
    }
    return 0;
}
