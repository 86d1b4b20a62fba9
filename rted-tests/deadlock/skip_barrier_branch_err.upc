/* upc-check-test
 * expect: finished-while-waiting
 * line: 27 skip_barrier_branch_lib.upc:12
 * threads: 2 4 8
 * files: skip_barrier_branch_lib.upc
 */
/* Error: thread 1 never calls funcA (the branch that should call it depends on a value that is zero) and finishes while the others wait in funcA's barrier */
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
        if (zero())
            funcA();
    } else {
        funcA();
    }
    for (i = 0; i < THREADS; i++) sum += arr[i];
    if (MYTHREAD == 0) printf("sum = %d\n", sum);
    return 0;
}
