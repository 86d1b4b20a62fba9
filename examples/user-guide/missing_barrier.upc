/* upc-check-test
 * expect: finished-while-waiting
 * line: 43 missing_barrier_sync.upc:6
 * threads: 2 4 8
 * files: missing_barrier_sync.upc
 */
/* User-guide scenario: a barrier missing on one path. funcA (in missing_barrier_sync.upc)
 * holds a barrier; thread 1 only calls it when zero() is non-zero, which it never is, so
 * thread 1 finishes while the other threads wait in funcA. */
#include <upc.h>
#include <stdio.h>

extern void funcA(void);

/* Zero on every thread, but not computable at compile time. */
int zero(void)
{
    return (MYTHREAD * 5 + 1) / (MYTHREAD * 5 + 2);
}

int i, sum;
shared int arrA[THREADS];

int main(void)
{
    arrA[MYTHREAD] = MYTHREAD;

    /* called by thread 1 only */
    if (MYTHREAD == 1) {
        if (zero()) {
            funcA();
        }
        /* the else branch calling funcA() is missing */
    }
    /* called by all other threads */
    else {
        funcA();
    }

    sum = 0;
    for (i = 0; i < THREADS; i++) sum += arrA[i];
    if (MYTHREAD == 0) printf("thread %d: value = %d\n", MYTHREAD, sum);
    return 0;
}
