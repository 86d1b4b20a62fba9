/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: the broadcast moves the whole fixed-size tag buffer, the same size on every thread */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <string.h>

#define MAXTAG 32
shared [] char tag[MAXTAG];
shared [MAXTAG] char tags[MAXTAG * THREADS];

int main(void)
{
    char mine[MAXTAG];
    size_t len;
    sprintf(mine, "run-%d", MYTHREAD == 0 ? 0 : 10 + MYTHREAD);
    len = strlen(mine) + 1;
    if (MYTHREAD == 0)
        upc_memput(tag, mine, len);
    upc_all_broadcast(tags, tag, MAXTAG, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        printf("%c\n", tags[MAXTAG * (THREADS - 1)]);
    return 0;
}
