/* sizeof_const_pragmas.upc -- upc_blocksizeof/upc_elemsizeof in integer constant
 * expressions (array sizes, enums, case labels, static initializers, a static
 * assertion), UPC_MAX_BLOCK_SIZE, and `#pragma upc strict/relaxed` at file scope
 * and at the start of blocks. */
#include <upc.h>
#include <stdio.h>
#include <limits.h>

#pragma upc relaxed

#define BLK 4
typedef struct { short s; double d[3]; } item_t;

shared [BLK] item_t items[BLK * THREADS];
shared [BLK] int counters[BLK * THREADS];

enum {
    ITEM_BLOCK = upc_blocksizeof(items),
    ITEM_SIZE = upc_elemsizeof(items),
    COUNT_BLOCK = upc_blocksizeof counters
};

/* a buffer big enough for one block of items, sized by a UPC operator */
static char stage[upc_blocksizeof(items) * upc_elemsizeof(items)];
static const size_t table[] = { upc_blocksizeof(items), upc_elemsizeof(counters), sizeof(item_t) };
typedef char check_elemsize[(upc_elemsizeof(items) == sizeof(item_t)) ? 1 : -1];

static int classify(size_t b)
{
    switch (b) {
    case upc_blocksizeof(counters): return 1;
    case upc_blocksizeof(counters) * 2: return 2;
    default: return 0;
    }
}

shared int flag;

int main(void)
{
    int i;
    upc_forall (i = 0; i < BLK * THREADS; i++; &counters[i]) {
        counters[i] = i;
        items[i].s = (short)i;
    }
    {
#pragma upc strict
        /* strict within this block only */
        if (MYTHREAD == 0)
            flag = 1;
    }
    upc_barrier;
    if (MYTHREAD == 0) {
#pragma upc relaxed
        int sum = 0;
        for (i = 0; i < BLK * THREADS; i++)
            sum += counters[i] - items[i].s;
        printf("ITEM_BLOCK=%d ITEM_SIZE ok=%d COUNT_BLOCK=%d\n", ITEM_BLOCK,
               ITEM_SIZE == (int)sizeof(item_t), COUNT_BLOCK);
        printf("stage=%d table=%d,%d classify=%d,%d,%d\n",
               (int)(sizeof stage == BLK * sizeof(item_t)), (int)table[0], (int)table[1],
               classify(4), classify(8), classify(3));
        printf("UPC_MAX_BLOCK_SIZE >= 65535: %d\n", UPC_MAX_BLOCK_SIZE >= 65535);
        printf("flag=%d sum=%d localsizeof=%d\n", flag, sum,
               (int)(upc_localsizeof(counters) == BLK * sizeof(int)));
        (void)sizeof(check_elemsize);
    }
    return 0;
}
