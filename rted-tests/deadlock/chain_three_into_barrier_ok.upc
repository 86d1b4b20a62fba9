/* upc-check-test
 * expect: clean
 * threads: 3 4 8
 */
/* Correct twin: thread 2 releases lock B before the barrier */
#include <upc.h>
#include <stdio.h>
#include <unistd.h>

typedef upc_lock_t *lock_ref;
typedef struct { lock_ref a, b; } pair_t;
shared pair_t locks;
strict shared int stage;

int main(void)
{
    if (MYTHREAD == 0) {
        locks.a = upc_global_lock_alloc();
        locks.b = upc_global_lock_alloc();
    }
    upc_barrier;
    if (MYTHREAD == 2) {
        upc_lock(locks.b);
        stage = 1;
        upc_unlock(locks.b);
    } else if (MYTHREAD == 1) {
        while (stage < 1) ;
        upc_lock(locks.a);
        stage = 2;
        sleep(1);  /* thread 2 is in the barrier by now */
        upc_lock(locks.b);
        upc_unlock(locks.b);
        upc_unlock(locks.a);
    } else if (MYTHREAD == 0) {
        while (stage < 2) ;
        upc_lock(locks.a);
        upc_unlock(locks.a);
    }
    upc_barrier;

    if (MYTHREAD == 0) printf("done\n");
    return 0;
}
