/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of null_pts_arrow_err.upc: an empty list points the head at a sentinel node */
#include <upc.h>
#include <stdio.h>

typedef struct node {
    int count;
    double weight;
} node_t;

shared node_t nodes[THREADS];
shared int length;
shared node_t *shared head;

int main(void)
{
    if (MYTHREAD == 0) {
        length = 0;
        head = length > 0 ? &nodes[0] : &nodes[THREADS - 1];
    }
    upc_barrier;
    if (MYTHREAD == THREADS - 1)
        head->count = length;
    upc_barrier;
    printf("thread %d done\n", MYTHREAD);
    return 0;
}
