/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: inside the upc_forall body a failed test is counted; the function returns after the loop */
#include <upc.h>
#include <stdio.h>

#define COUNT_FAIL(cond, nfail) do { if (!(cond)) { fprintf(stderr, "check failed: %s\n", #cond); (nfail)++; } } while (0)
#define N 8

shared int val[N * THREADS];

static int validate(void)
{
    int i, nfail = 0;
    upc_forall (i = 0; i < N * THREADS; i++; &val[i]) {
        COUNT_FAIL(val[i] >= 0, nfail);
    }
    return nfail ? -1 : 0;
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
