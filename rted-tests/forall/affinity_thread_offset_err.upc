/* upc-check-test
 * expect: forall-not-single-valued
 * line: 24 26
 * threads: 2 4 8
 */
/* Error: the integer affinity adds a per-thread "owner offset" kept in a static variable that only thread 0 sets, so the threads disagree about which thread runs each iteration */
#include <upc.h>
#include <stdio.h>

#define N 16
shared long cnt[THREADS];
static int owner_offset;

static void configure(void)
{
    if (MYTHREAD == 0)
        owner_offset = 1;
}

int main(void)
{
    int i;
    configure();
    upc_forall (i = 0; i < N; i++; i + owner_offset)
        cnt[MYTHREAD] += 1;
    upc_barrier;
    if (MYTHREAD == 0)
        printf("cnt %ld\n", cnt[0]);
    return 0;
}
