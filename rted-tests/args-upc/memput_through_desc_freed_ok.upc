/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: the owner publishes the resized buffer in the descriptor before anyone writes */
#include <upc.h>
#include <stdio.h>

typedef struct { shared [] char *buf; int cap; } mbox_t;
shared mbox_t box[THREADS];

int main(void)
{
    char msg[16] = "hello";
    int to = (MYTHREAD + 1) % THREADS;
    shared [] char *old, *fresh;
    box[MYTHREAD].buf = (shared [] char *) upc_alloc(16);
    box[MYTHREAD].cap = 16;
    upc_barrier;
    if (MYTHREAD == 0) {
        old = box[0].buf;
        fresh = (shared [] char *) upc_alloc(32);
        box[0].buf = fresh;
        box[0].cap = 32;
        upc_free(old);

    }
    upc_barrier;
    if (to == 0)
        upc_memput(box[to].buf, msg, sizeof msg);
    upc_barrier;
    if (MYTHREAD == 0) printf("cap %d\n", box[0].cap);
    return 0;
}
