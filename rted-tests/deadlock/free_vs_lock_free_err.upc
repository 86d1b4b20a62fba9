/* upc-check-test
 * expect: collective-mismatch
 * line: 20 23
 * threads: 2 4 8
 */
/* Error: the last thread calls upc_all_lock_free where the others call upc_all_free */
#include <upc.h>
#include <stdio.h>

shared int late[THREADS];

int main(void)
{
    upc_lock_t *lock = upc_all_lock_alloc();
    shared int *data = (shared int *) upc_all_alloc(THREADS, sizeof(int));
    data[MYTHREAD] = MYTHREAD;
    late[MYTHREAD] = (MYTHREAD == THREADS - 1);
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
