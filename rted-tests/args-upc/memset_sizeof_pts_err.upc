/* upc-check-test
 * expect: invalid-argument
 * line: 19
 * threads: 2 4 8
 */
/* Error: a buffer of n chars from upc_alloc is cleared with sizeof(buf) * n bytes, where sizeof(buf) is the size of the pointer-to-shared, not of a char */
#include <upc.h>
#include <stdio.h>

#define NAMELEN 24

shared [] char *shared names[THREADS];

int main(void)
{
    shared [] char *buf;
    int n = NAMELEN;
    buf = (shared [] char *) upc_alloc(n);
    upc_memset(buf, 0, sizeof(buf) * n);
    buf[0] = 'a' + MYTHREAD;
    names[MYTHREAD] = buf;
    upc_barrier;
    if (MYTHREAD == 0)
        printf("%c\n", names[THREADS - 1][0]);
    upc_barrier;
    upc_free(buf);
    return 0;
}
