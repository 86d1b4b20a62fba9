/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 */
/* Correct twin of affinity_policy_fn_pointer_err.upc: thread 0 reads the configuration and publishes its choice in shared memory; every thread picks the policy function from it */
#include <upc.h>
#include <stdio.h>
#include <string.h>

#define N (12 * THREADS)

typedef int (*policy_fn)(int i);

shared double work[N];
shared int use_blocked;
static const char *config = "distribution=blocked";

static int cyclic(int i)  { return i % THREADS; }
static int blocked(int i) { return i / ((N + THREADS - 1) / THREADS); }

static policy_fn choose_policy(void)
{
    /* only the master reads the configuration, and tells the others */
    if (MYTHREAD == 0)
        use_blocked = strstr(config, "blocked") != NULL;
    upc_barrier;
    return use_blocked ? blocked : cyclic;
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
