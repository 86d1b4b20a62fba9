/* upc-check-test
 * expect: invalid-argument
 * line: 23
 * threads: 2 3 4 8
 */
/* Error: a tiled copy loop fetches tiles of 3 elements from a dynamically allocated array of 32 per thread; the last tile of the last thread reaches 1 element past the allocation */
#include <upc.h>
#include <stdio.h>

#define PER 32
#define TILE 3

int main(void)
{
    shared [] long *src;
    long tile[TILE];
    long sum = 0;
    int start, n;
    src = (shared [] long *) upc_alloc(PER * sizeof(long));
    for (start = 0; start < PER; start++) src[start] = start;
    for (start = 0; start < PER; start += TILE) {
        n = TILE;
        upc_memget(tile, src + start, n * sizeof(long));
        sum += tile[0];
    }
    printf("thread %d: %ld\n", MYTHREAD, sum);
    upc_free(src);
    return 0;
}
