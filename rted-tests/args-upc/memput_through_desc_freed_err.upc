/* upc-check-test
 * expect: invalid-argument
 * line: 31
 * threads: 2 3 4 8
 */
/* Error: a mailbox descriptor published in shared memory points to a buffer its owner frees when it resizes; a sender later writes through the stale descriptor with upc_memput */
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

        box[0].cap = 32;
        upc_free(old);
        (void) fresh;
    }
    upc_barrier;
    if (to == 0)
        upc_memput(box[to].buf, msg, sizeof msg);
    upc_barrier;
    if (MYTHREAD == 0) printf("cap %d\n", box[0].cap);
    return 0;
}
