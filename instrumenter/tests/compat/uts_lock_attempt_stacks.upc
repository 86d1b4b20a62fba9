/* Unbalanced tree search with shared stacks, the way the UTS UPC code and its
 * course clones are organized: each thread has a stack in a shared array
 * (its own block), guarded by a lock of its own (upc_global_lock_alloc, kept
 * in a shared array of lock pointers).  A
 * thread pops from its own stack; when it runs dry it walks the other stacks
 * and steals half of one with upc_lock_attempt (a busy victim is skipped,
 * never waited for).  Termination uses a count of pending nodes kept under
 * its own lock and read through a strict variable.  The tree is a function of
 * the node ids, so the node count and depth histogram are exact. */
#include <upc.h>
#include <stdio.h>
#include <string.h>

#define STACK 2048
#define MAXDEPTH 12

typedef struct { unsigned id; int depth; } node_t;

shared [STACK] node_t stack[STACK * THREADS];
shared int top[THREADS];
upc_lock_t *shared stack_lock[THREADS];
upc_lock_t *pend_lock;
strict shared long pending;
shared [MAXDEPTH + 1] long per_depth[THREADS][MAXDEPTH + 1];
shared long steals[THREADS];

static unsigned mix(unsigned x)
{
    x ^= x >> 16; x *= 0x85ebca6bu; x ^= x >> 13; x *= 0xc2b2ae35u; x ^= x >> 16;
    return x;
}

static int children(node_t n)
{
    if (n.depth >= MAXDEPTH) return 0;
    return n.depth < 3 ? 4 : (int)(mix(n.id) % 10 < 5 ? mix(n.id ^ 0x9e37u) % 4 + 1 : 0);
}

static void push(const node_t *v, int k)
{
    int t;
    upc_lock(stack_lock[MYTHREAD]);
    t = top[MYTHREAD];
    if (t + k > STACK) {
        upc_unlock(stack_lock[MYTHREAD]);
        fprintf(stderr, "stack overflow\n");
        upc_global_exit(1);
    }
    if (k) upc_memput(&stack[MYTHREAD * STACK + t], v, k * sizeof(node_t));
    top[MYTHREAD] = t + k;
    upc_unlock(stack_lock[MYTHREAD]);
}

static int pop(node_t *n)
{
    int ok = 0;
    upc_lock(stack_lock[MYTHREAD]);
    if (top[MYTHREAD] > 0) {
        *n = stack[MYTHREAD * STACK + --top[MYTHREAD]];
        ok = 1;
    }
    upc_unlock(stack_lock[MYTHREAD]);
    return ok;
}

static int steal(void)
{
    int d;
    for (d = 1; d < THREADS; d++) {
        int v = (MYTHREAD + d) % THREADS, k = 0;
        node_t buf[STACK / 2];
        if (!upc_lock_attempt(stack_lock[v]))
            continue;
        if (top[v] >= 2) {
            k = top[v] / 2;
            /* take the oldest half, from the bottom of the victim's stack */
            int rest = top[v] - k;
            upc_memget(buf, &stack[v * STACK], k * sizeof(node_t));
            /* slide the rest down: the ranges may overlap, so not one upc_memcpy */
            while (rest > 0) {
                int m = rest < k ? rest : k;
                upc_memcpy(&stack[v * STACK + (top[v] - k - rest)],
                           &stack[v * STACK + (top[v] - rest)], m * sizeof(node_t));
                rest -= m;
            }
            top[v] -= k;
        }
        upc_unlock(stack_lock[v]);
        if (k) {
            push(buf, k);
            steals[MYTHREAD]++;
            return 1;
        }
    }
    return 0;
}

int main(void)
{
    node_t n;
    int d, t;
    stack_lock[MYTHREAD] = upc_global_lock_alloc();
    pend_lock = upc_all_lock_alloc();
    top[MYTHREAD] = 0;
    steals[MYTHREAD] = 0;
    for (d = 0; d <= MAXDEPTH; d++)
        per_depth[MYTHREAD][d] = 0;
    if (MYTHREAD == 0) {
        node_t root = { 1u, 0 };
        pending = 1;
        upc_barrier;
        push(&root, 1);
    } else {
        upc_barrier;
    }
    while (pending > 0) {
        if (pop(&n)) {
            node_t kids[4];
            int k, nk = children(n);
            for (k = 0; k < nk; k++) {
                kids[k].id = mix(n.id * 8u + (unsigned)k + 1u);
                kids[k].depth = n.depth + 1;
            }
            push(kids, nk);
            per_depth[MYTHREAD][n.depth]++;
            upc_lock(pend_lock);
            pending += nk - 1;
            upc_unlock(pend_lock);
        } else {
            steal();
        }
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        long total = 0, sd[MAXDEPTH + 1] = {0};
        int maxd = 0;
        for (t = 0; t < THREADS; t++)
            for (d = 0; d <= MAXDEPTH; d++)
                sd[d] += per_depth[t][d];
        for (d = 0; d <= MAXDEPTH; d++) {
            total += sd[d];
            if (sd[d]) maxd = d;
        }
        printf("tree: %ld nodes, depth %d\n", total, maxd);
        for (d = 0; d <= maxd; d++)
            printf("depth %2d: %ld\n", d, sd[d]);
    }
    return 0;
}
