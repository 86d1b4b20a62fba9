/*
 * A shared linked list: nodes allocated with upc_alloc on the inserting thread,
 * linked through pointers-to-shared, insertion serialized by a lock.
 */
#include <upc_relaxed.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct node {
    int value;
    int owner;
    shared struct node *next;
} node_t;

typedef shared node_t *nodeptr;

nodeptr shared head;
upc_lock_t *shared list_lock;
shared int count;

#define PER_THREAD 10

static void push(int v)
{
    nodeptr n = (nodeptr) upc_alloc(sizeof(node_t));
    if (n == NULL) {
        fprintf(stderr, "out of shared memory\n");
        upc_global_exit(2);
    }
    n->value = v;
    n->owner = MYTHREAD;
    upc_lock(list_lock);
    n->next = head;
    head = n;
    count++;
    upc_unlock(list_lock);
}

int main(void)
{
    int i;

    if (MYTHREAD == 0) {
        head = (nodeptr) NULL;
        list_lock = upc_global_lock_alloc();
        count = 0;
    }
    upc_barrier;
    for (i = 0; i < PER_THREAD; i++)
        push(MYTHREAD * PER_THREAD + i);
    upc_barrier;

    if (MYTHREAD == 0) {
        long sum = 0;
        int n = 0, owner_ok = 1;
        nodeptr p;
        for (p = head; p != NULL; p = p->next) {
            sum += p->value;
            n++;
            if (upc_threadof(p) != (size_t) p->owner)
                owner_ok = 0;
        }
        printf("nodes: %s, sum: %s, affinity: %s\n",
               n == count && n == PER_THREAD * THREADS ? "ok" : "wrong",
               sum == (long) PER_THREAD * THREADS * (PER_THREAD * THREADS - 1) / 2 ? "ok" : "wrong",
               owner_ok ? "ok" : "wrong");
    }
    upc_barrier;
    /* find my own nodes, then free them once nobody walks the list any more */
    {
        nodeptr mine[PER_THREAD], p;
        int k = 0;
        for (p = head; p != NULL; p = p->next)
            if (p->owner == MYTHREAD && k < PER_THREAD)
                mine[k++] = p;
        upc_barrier;
        while (k > 0)
            upc_free(mine[--k]);
    }
    upc_barrier;
    if (MYTHREAD == 0)
        upc_lock_free(list_lock);
    return 0;
}
