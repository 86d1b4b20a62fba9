/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 * static: yes
 */
/* Correct twin: the tail length is counted exclusively */
#include <upc.h>
#include <stdio.h>

#define BS 12
shared [BS] float field[BS * THREADS];
shared int used[THREADS];

static void clear_tail(int t, int first_unused)
{
    size_t n = (size_t) (BS - first_unused );
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
