/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: the buffer is freed once, through the table entry, and the copy is cleared */
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

    release(&copy);
    upc_barrier;
    if (MYTHREAD == 0) printf("released\n");
    return 0;
}
