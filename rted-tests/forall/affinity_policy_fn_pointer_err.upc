/* upc-check-test
 * expect: forall-not-single-valued
 * line: 35
 * threads: 2 3 4
 */
/* Error: the upc_forall's integer affinity comes from a work-distribution policy chosen through a function pointer; thread 0 parses the configuration string and picks the blocked policy, the other threads keep the default cyclic one (the choice was never broadcast), so the threads disagree on which thread runs each iteration */
#include <upc.h>
#include <stdio.h>
#include <string.h>

#define N (12 * THREADS)

typedef int (*policy_fn)(int i);

shared double work[N];
static const char *config = "distribution=blocked";

static int cyclic(int i)  { return i % THREADS; }
static int blocked(int i) { return i / ((N + THREADS - 1) / THREADS); }

static policy_fn choose_policy(void)
{
    /* only the master reads the configuration */
    if (MYTHREAD == 0 && strstr(config, "blocked") != NULL)
        return blocked;
    return cyclic;
}

int main(void)
{
    policy_fn owner = choose_policy();
    int i;
    double local = 0;
    upc_barrier;
    upc_forall (i = 0; i < N; i++; owner(i)) {
        work[i] = 2.0 * i;
        local += work[i];
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("thread 0 did %.0f\n", local);
    return 0;
}
