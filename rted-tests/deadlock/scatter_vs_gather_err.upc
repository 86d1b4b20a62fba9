/* upc-check-test
 * expect: collective-mismatch
 * line: 25 27
 * threads: 2 4 8
 * static: yes
 */
/* Error: thread 1 gathers while the other threads scatter */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define N 4
shared [] int whole[N * THREADS];
shared [N] int parts[N * THREADS];
shared int role[THREADS];

int main(void)
{
    int i;
    if (MYTHREAD == 0)
        for (i = 0; i < N * THREADS; i++) whole[i] = i;
    role[MYTHREAD] = (MYTHREAD == 1);
    upc_barrier;
    if (role[MYTHREAD])
        upc_all_gather(whole, parts, N * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    else
        upc_all_scatter(parts, whole, N * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("parts[0] = %d\n", parts[0]);
    return 0;
}
