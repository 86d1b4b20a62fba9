/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: the buffer is cleared with n * sizeof(*buf) bytes */
#include <upc.h>
#include <stdio.h>

#define NAMELEN 24

shared [] char *shared names[THREADS];

int main(void)
{
    shared [] char *buf;
    int n = NAMELEN;
    buf = (shared [] char *) upc_alloc(n);
    upc_memset(buf, 0, n * sizeof(*buf));
    buf[0] = 'a' + MYTHREAD;
    names[MYTHREAD] = buf;
    upc_barrier;
    if (MYTHREAD == 0)
        printf("%c\n", names[THREADS - 1][0]);
    upc_barrier;
    upc_free(buf);
    return 0;
}
