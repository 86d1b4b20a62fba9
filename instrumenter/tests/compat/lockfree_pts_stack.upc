/*
 * A lock-free (Treiber) stack of nodes in shared memory: the top of the
 * stack is a pointer-to-shared on thread 0 that every thread updates with a
 * compare-and-swap of a UPC_PTS atomic domain; each thread pushes nodes it
 * allocated with upc_alloc (so the stack links nodes of all threads).  After
 * a barrier thread 0 walks the stack and checks that every node is there
 * exactly once; then every thread pops until the stack is empty and, after a
 * barrier, frees what it popped (any node, from any thread).
 */
#include <upc.h>
#include <upc_atomic.h>
#include <stdio.h>

#define PER 15

typedef struct node {
    int owner;
    int value;
    shared struct node *next;
} node_t;

typedef shared node_t *node_ptr;

shared node_ptr top;                 /* on thread 0 */
shared int popped[THREADS];
shared long popped_sum[THREADS];
upc_atomicdomain_t *dom;

static void push(node_ptr n)
{
    node_ptr old, seen;
    upc_atomic_relaxed(dom, &old, UPC_GET, &top, NULL, NULL);
    for (;;) {
        n->next = old;
        upc_atomic_strict(dom, &seen, UPC_CSWAP, &top, &old, &n);
        if (seen == old)
            return;
        old = seen;
    }
}

static node_ptr pop(void)
{
    node_ptr old, next, seen;
    upc_atomic_strict(dom, &old, UPC_GET, &top, NULL, NULL);
    while (old != NULL) {
        next = old->next;
        upc_atomic_strict(dom, &seen, UPC_CSWAP, &top, &old, &next);
        if (seen == old)
            break;
        old = seen;
    }
    return old;
}

int main(void)
{
    int i;
    node_ptr n;

    dom = upc_all_atomicdomain_alloc(UPC_PTS, UPC_GET | UPC_SET | UPC_CSWAP, 0);
    if (MYTHREAD == 0) {
        node_ptr nil = NULL;
        upc_atomic_relaxed(dom, NULL, UPC_SET, &top, &nil, NULL);
    }
    upc_barrier;

    for (i = 0; i < PER; i++) {
        n = (node_ptr)upc_alloc(sizeof(node_t));
        n->owner = MYTHREAD;
        n->value = MYTHREAD * 100 + i;
        push(n);
    }
    upc_barrier;

    if (MYTHREAD == 0) {
        int count = 0, bad = 0, last[1024];
        for (i = 0; i < THREADS && i < 1024; i++)
            last[i] = PER;
        /* a thread's nodes appear newest first */
        for (n = top; n != NULL; n = n->next) {
            count++;
            if (n->value % 100 != last[n->owner] - 1)
                bad++;
            last[n->owner] = n->value % 100;
            if (upc_threadof(n) != (size_t)n->owner)
                bad++;
        }
        printf("stack holds %d nodes, PER * THREADS: %s, order per thread kept: %s\n",
               count == PER * THREADS ? PER : count, count == PER * THREADS ? "yes" : "no",
               bad ? "no" : "yes");
    }
    upc_barrier;

    {
        /* freed only once nobody pops any more: a node another thread is looking at
           stays valid (and no address comes back while a pop may still compare it) */
        node_ptr mine[PER * 64];
        int k = 0;
        while ((n = pop()) != NULL) {
            popped[MYTHREAD]++;
            popped_sum[MYTHREAD] += n->value;
            if (k < PER * 64)
                mine[k++] = n;
        }
        upc_barrier;
        while (k > 0)
            upc_free(mine[--k]);
    }
    if (MYTHREAD == 0) {
        int c = 0;
        long s = 0, want = 0;
        for (i = 0; i < THREADS; i++) {
            c += popped[i];
            s += popped_sum[i];
            want += 100L * i * PER + PER * (PER - 1) / 2;
        }
        printf("popped %s, sum %s\n", c == PER * THREADS ? "all" : "some",
               s == want ? "right" : "wrong");
    }
    upc_barrier;
    upc_all_atomicdomain_free(dom);
    return 0;
}
