/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 */
/* Correct twin: the helper reports the element and clamps it; the loop runs to its end */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

#define N 4
shared int v[N * THREADS];

static int validate(int x)
{
    if (x > 100) {
        fprintf(stderr, "value %d out of range\n", x);
        return 100;
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
