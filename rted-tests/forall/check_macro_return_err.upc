/* upc-check-test
 * expect: forall-escape
 * line: 19
 * threads: 2 4 8
 */
/* Error: the project's CHECK() macro returns from the function on a failed test; used inside a upc_forall body it leaves the loop on the thread that sees the bad value */
#include <upc.h>
#include <stdio.h>

#define CHECK(cond) do { if (!(cond)) { fprintf(stderr, "check failed: %s\n", #cond); return -1; } } while (0)
#define N 8

shared int val[N * THREADS];

static int validate(void)
{
    int i;
    upc_forall (i = 0; i < N * THREADS; i++; &val[i]) {
        CHECK(val[i] >= 0);
    }
    return 0;
}

int main(void)
{
    int i, rc;
    for (i = 0; i < N; i++)
        val[MYTHREAD + i * THREADS] = (MYTHREAD == 1 && i == 2) ? -4 : i;
    upc_barrier;
    rc = validate();
    upc_barrier;
    if (MYTHREAD == 0)
        printf("rc %d\n", rc);
    return 0;
}
