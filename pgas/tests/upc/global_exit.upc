/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 * stdout: calling upc_global_exit
 * timeout: 20
 */
/* upc_global_exit from one thread ends every thread promptly, also the ones blocked in a
 * barrier that can never complete, with the given status. */
#include <upc.h>
#include <stdio.h>
#include <unistd.h>

int main(void)
{
    upc_barrier;
    if (MYTHREAD == THREADS - 1) {
        usleep(100000);
        printf("calling upc_global_exit\n");
        upc_global_exit(0);
    }
    upc_barrier;
    printf("thread %d: not reached\n", MYTHREAD);
    return 1;
}
