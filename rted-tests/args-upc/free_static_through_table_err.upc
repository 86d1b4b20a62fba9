/* upc-check-test
 * expect: invalid-argument
 * line: 28
 * threads: 2 3 4
 */
/* Error: a table of buffers mixes a statically declared shared array with heap blocks; the cleanup loop frees every entry, including the static one */
#include <upc.h>
#include <stdio.h>

#define NB 3
shared [] char scratch[64];
typedef shared [] char *cbuf;

int main(void)
{
    cbuf bufs[NB];
    int owned[NB], i;
    bufs[0] = (cbuf) scratch;
    owned[0] = 0;
    for (i = 1; i < NB; i++) {
        bufs[i] = (cbuf) upc_alloc(64);
        owned[i] = 1;
    }
    upc_barrier;
    if (MYTHREAD == THREADS - 1)
        for (i = NB - 1; i >= 0; i--)
            if (owned[i] || i == 0)
                upc_free(bufs[i]);
    upc_barrier;
    if (MYTHREAD == 0) printf("cleaned\n");
    return 0;
}
