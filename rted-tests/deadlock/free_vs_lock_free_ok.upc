/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of free_vs_lock_free_err.upc: every thread frees the array first and the lock second */
#include <upc.h>
#include <stdio.h>

shared int late[THREADS];

int main(void)
{
    upc_lock_t *lock = upc_all_lock_alloc();
    shared int *data = (shared int *) upc_all_alloc(THREADS, sizeof(int));
    data[MYTHREAD] = MYTHREAD;
    late[MYTHREAD] = 0;
    upc_barrier;
    if (late[MYTHREAD]) {
        upc_all_lock_free(lock);
        upc_all_free(data);
    } else {
        upc_all_free(data);
        upc_all_lock_free(lock);
    }
    if (MYTHREAD == 0) printf("freed\n");
    return 0;
}
