/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: every thread sets the owner offset the same way */
#include <upc.h>
#include <stdio.h>

#define N 16
shared long cnt[THREADS];
static int owner_offset;

static void configure(void)
{
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
