/* upc-check-test
 * expect: clean
 * threads: 3 4 8
 */
/* Correct twin: the locks live in a shared array of lock pointers; every thread takes the lower-numbered of its two locks first, so no cycle can form */
#include <upc.h>
#include <stdio.h>

#define RING 3
upc_lock_t *shared slot[THREADS];
shared int ring_size;
shared int visits[THREADS];

static void visit(int me, int ring)
{
    int first = me, second = (me + 1) % ring;
    if (second < first) first = second, second = me;
    upc_barrier 1;
    upc_lock(slot[first]);
    upc_lock(slot[second]);
    visits[first] += 1;
    visits[second] += 1;
    upc_unlock(slot[second]);
    upc_unlock(slot[first]);
}

int main(void)
{
    int i;
    if (MYTHREAD == 0) {
        for (i = 0; i < RING; i++) slot[i] = upc_global_lock_alloc();
        ring_size = RING;
    }
    upc_barrier;
    if (MYTHREAD < ring_size)
        visit(MYTHREAD, ring_size);
    else
        upc_barrier 1;
    upc_barrier;
    if (MYTHREAD == 0) printf("visits %d %d %d\n", visits[0], visits[1], visits[2]);
    return 0;
}
