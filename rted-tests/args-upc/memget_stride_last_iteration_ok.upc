/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: the last tile is shortened to what is left */
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
        n = (PER - start < TILE) ? PER - start : TILE;
        upc_memget(tile, src + start, n * sizeof(long));
        sum += tile[0];
    }
    printf("thread %d: %ld\n", MYTHREAD, sum);
    upc_free(src);
    return 0;
}
