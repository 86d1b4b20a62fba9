/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct: move_node takes the two list locks in index order, whichever list is the source, so the two moves cannot wait for each other */
#include <upc.h>
#include <stdio.h>

#define NODES 16
#define NIL (-1)

typedef struct { int value; int next; } node_t;
typedef struct { int head; int count; } list_t;

shared [NODES] node_t pool[NODES * THREADS];   /* the nodes live on thread 0 */
shared list_t lists[THREADS];                  /* lists 0 and 1 are used */
upc_lock_t *shared list_lock[THREADS];       /* locks 0 and 1 are used */
strict shared int first_held;          /* both first locks taken (makes the timing certain) */

static void lock_list(int l)
{
    upc_lock(list_lock[l]);
}

static void lock_pair(int src, int dst)
{
    int lo = src < dst ? src : dst, hi = src < dst ? dst : src;
    lock_list(lo);
    lock_list(hi);
}

static void unlock_pair(int src, int dst)
{
    upc_unlock(list_lock[dst]);
    upc_unlock(list_lock[src]);
}

static int unlink_head(int l)
{
    int n = lists[l].head;
    if (n != NIL) {
        lists[l].head = pool[n].next;
        lists[l].count--;
    }
    return n;
}

static void push_head(int l, int n)
{
    pool[n].next = lists[l].head;
    lists[l].head = n;
    lists[l].count++;
}

static void move_node(int src, int dst)
{
    int n;
    lock_pair(src, dst);
    n = unlink_head(src);
    if (n != NIL) push_head(dst, n);
    unlock_pair(src, dst);
}

int main(void)
{
    int i;
    if (MYTHREAD == 0) {
        list_lock[0] = upc_global_lock_alloc();
        list_lock[1] = upc_global_lock_alloc();
        lists[0].head = lists[1].head = NIL;
        for (i = 0; i < NODES; i++) {
            pool[i].value = i;
            pool[i].next = NIL;
            push_head(i % 2, i);
        }
    }
    upc_barrier;
    if (MYTHREAD < 2)
        move_node(MYTHREAD, 1 - MYTHREAD);
    upc_barrier;
    if (MYTHREAD == 0)
        printf("list 0: %d nodes, list 1: %d nodes\n", lists[0].count, lists[1].count);
    return 0;
}
