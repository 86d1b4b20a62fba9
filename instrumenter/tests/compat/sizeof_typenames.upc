/* The UPC size operators applied to type names (typedef'd and written out),
 * in constant expressions: array sizes, case labels, _Static_assert. */
#include <upc.h>
#include <stdio.h>

typedef struct { double re, im; } dcomplex;
typedef shared [4] dcomplex blk_dcomplex;

#define ELEMS upc_elemsizeof(shared dcomplex)

_Static_assert(upc_blocksizeof(shared [7] int) == 7, "block size of a type name");
_Static_assert(upc_blocksizeof(blk_dcomplex) == 4, "block size through a typedef");
_Static_assert(upc_elemsizeof(shared [] long) == sizeof(long), "element size");

shared blk_dcomplex zz[4*THREADS];
static char scratch[upc_elemsizeof(blk_dcomplex) * 2];

static int classify(size_t bs)
{
    switch (bs) {
    case upc_blocksizeof(shared int):        return 1;
    case upc_blocksizeof(shared [4] int):    return 4;
    case upc_blocksizeof(shared [] int):     return 0;
    default:                                 return -1;
    }
}

int main(void)
{
    int ok = 1;
    if (sizeof scratch != 2 * sizeof(dcomplex)) ok = 0;
    if (ELEMS != sizeof(dcomplex)) ok = 0;
    if (classify(upc_blocksizeof(zz)) != 4 || classify(upc_blocksizeof(shared int)) != 1) ok = 0;
    if (upc_localsizeof(zz) != 4 * sizeof(dcomplex)) ok = 0;
    if (upc_localsizeof(shared [3] char) != 1 || upc_blocksizeof(shared [2] char) != 2) ok = 0;
    if (MYTHREAD == 0)
        printf("size operators on type names: %s\n", ok ? "ok" : "wrong");
    return 0;
}
