/* Code kept to C89 and built with -ansi -pedantic, as some older Makefiles still do:
 * declarations at the top of blocks, no // comments, no inline, no mixed code. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

#define PER_THREAD 6

shared [PER_THREAD] long value[PER_THREAD * THREADS];
shared long total;

static long square(long x)
{
    return x * x;
}

int main(void)
{
    int i;
    long sum, want;

    upc_forall (i = 0; i < PER_THREAD * THREADS; i++; &value[i])
        value[i] = square((long)i);
    upc_barrier;
    if (MYTHREAD == 0) {
        sum = 0;
        want = 0;
        for (i = 0; i < PER_THREAD * THREADS; i++) {
            sum += value[i];
            want += (long)i * i;
        }
        total = sum;
        printf("%s\n", sum == want ? "PASS" : "FAIL");
    }
    upc_barrier;
    return total > 0 || THREADS * PER_THREAD == 1 ? EXIT_SUCCESS : EXIT_FAILURE;
}
