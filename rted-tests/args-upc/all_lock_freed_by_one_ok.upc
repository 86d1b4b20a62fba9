/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: the lock is freed by thread 0 after a barrier, when nobody uses it any more */
#include <upc.h>
#include <stdio.h>

shared int acc;
strict shared int freed, ready;

int main(void)
{
    upc_lock_t *l = upc_all_lock_alloc();
    int i;
    for (i = 0; i < 5 && (MYTHREAD == 0 || MYTHREAD == THREADS - 1); i++) {
        if (MYTHREAD == THREADS - 1 && i == 4) {
            ready = 1;

        }
        upc_lock(l);
        acc += 1;
        upc_unlock(l);
    }
    upc_barrier;
    if (MYTHREAD == 0) { upc_lock_free(l); freed = 1; }

    if (MYTHREAD == 0) printf("acc = %d\n", acc);
    return 0;
}
