/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 * files: skip_barrier_branch_lib.upc
 */
/* Correct twin of skip_barrier_branch_err.upc: thread 1 calls funcA on every path */
#include <upc.h>
#include <stdio.h>

extern void funcA(void);
extern int zero(void);
shared int arr[THREADS];

int main(void)
{
    int i, sum = 0;
    arr[MYTHREAD] = MYTHREAD;
    if (MYTHREAD == 1) {
        funcA();
    } else {
        funcA();
    }
    for (i = 0; i < THREADS; i++) sum += arr[i];
    if (MYTHREAD == 0) printf("sum = %d\n", sum);
    return 0;
}
