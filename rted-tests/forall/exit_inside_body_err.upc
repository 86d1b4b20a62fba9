/* upc-check-test
 * expect: forall-escape
 * line: 18 28
 * threads: 2 3 4
 */
/* Error: the body of a upc_forall calls a validation helper that calls exit() on an element out of range, so the thread ends inside the loop */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

#define N 4
shared int v[N * THREADS];

static int validate(int x)
{
    if (x > 100) {
        fprintf(stderr, "value %d out of range\n", x);
        exit(2);
    }
    return x;
}

int main(void)
{
    int i;
    upc_forall (i = 0; i < N * THREADS; i++; &v[i]) v[i] = (i == 1) ? 500 : i;
    upc_barrier;
    upc_forall (i = 0; i < N * THREADS; i++; &v[i]) {
        v[i] = validate(v[i]);
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("v[1] = %d\n", v[1]);
    return 0;
}
