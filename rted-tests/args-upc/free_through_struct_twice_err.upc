/* upc-check-test
 * expect: invalid-argument
 * line: 16
 * threads: 2 3 4 8
 */
/* Error: a buffer descriptor holding a pointer-to-shared is copied into a shared table; the owner frees the buffer through its copy and the release routine frees it again through the table entry */
#include <upc.h>
#include <stdio.h>

typedef shared [] double *dbuf_t;
typedef struct { dbuf_t data; int len; } desc_t;
shared desc_t table[THREADS];

static void release(desc_t *d)
{
    upc_free(d->data);
    d->data = NULL;
}

int main(void)
{
    desc_t mine, copy;
    int i;
    mine.len = 8 + MYTHREAD;
    mine.data = (dbuf_t) upc_alloc(mine.len * sizeof(double));
    for (i = 0; i < mine.len; i++) mine.data[i] = i;
    table[MYTHREAD] = mine;
    upc_barrier;
    copy = table[MYTHREAD];
    if (MYTHREAD == THREADS - 1) upc_free(mine.data);
    release(&copy);
    upc_barrier;
    if (MYTHREAD == 0) printf("released\n");
    return 0;
}
