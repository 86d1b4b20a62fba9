/* upc-check-test
 * expect: null-pointer-to-shared
 * line: 29
 * threads: 2 4 8
 * value: pointer = NULL
 * report: null pointer-to-shared `head` dereferenced
 */
/* Error: the list head stays NULL when the configured length is 0, and every thread updates head->count */
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
        head = length > 0 ? &nodes[0] : NULL;
    }
    upc_barrier;
    if (MYTHREAD == THREADS - 1)
        head->count = length;
    upc_barrier;
    printf("thread %d done\n", MYTHREAD);
    return 0;
}
