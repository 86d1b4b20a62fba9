/* upc-check-test
 * expect: invalid-argument
 * line: 22
 * threads: 2 3 4 8
 */
/* Error: a lock made by upc_all_lock_alloc is freed with upc_lock_free by thread 0 when it finishes its part, while the last thread still uses it in its next loop iteration */
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
            while (!freed) ;
        }
        upc_lock(l);
        acc += 1;
        upc_unlock(l);
    }
    if (MYTHREAD == 0) { while (!ready) ; upc_lock_free(l); freed = 1; }
    upc_barrier;
    if (MYTHREAD == 0) printf("acc = %d\n", acc);
    return 0;
}
