/* upc-check-test
 * expect: single-valued-mismatch
 * line: 24
 * threads: 2 4 8
 */
/* Error: the broadcast of the run's tag takes its length from each thread's own copy of a name built with the thread number ("run-0" on thread 0, "run-7" elsewhere), so nbytes is not single-valued */
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
    upc_all_broadcast(tags, tag, len, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        printf("%c\n", tags[MAXTAG * (THREADS - 1)]);
    return 0;
}
