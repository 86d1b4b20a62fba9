/* upc-check-test
 * expect: lock-chain-collective
 * line: 32 37 40
 * threads: 3 4 8
 */
/* Error: thread 2 holds lock B and waits in a barrier; thread 1 holds lock A and waits for B; thread 0 waits for A: a chain of three threads ending at a thread blocked in a collective */
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
        ;
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
    if (MYTHREAD == 2) upc_unlock(locks.b);
    if (MYTHREAD == 0) printf("done\n");
    return 0;
}
