/* upc-check-test
 * expect: invalid-argument
 * line: 18
 * threads: 2 3 4 8
 * static: yes
 */
/* Error: with a fixed THREADS, a tail-clearing routine memsets from the first unused element to the end of the thread's block, counting the end inclusively, one element past the block */
#include <upc.h>
#include <stdio.h>

#define BS 12
shared [BS] float field[BS * THREADS];
shared int used[THREADS];

static void clear_tail(int t, int first_unused)
{
    size_t n = (size_t) (BS - first_unused + 1);
    upc_memset(&field[t * BS + first_unused], 0, n * sizeof(float));
}

int main(void)
{
    used[MYTHREAD] = 3 + MYTHREAD % 4;
    upc_barrier;
    clear_tail(MYTHREAD, used[MYTHREAD]);
    upc_barrier;
    if (MYTHREAD == 0) printf("field[BS-1] = %g\n", field[BS - 1]);
    return 0;
}
