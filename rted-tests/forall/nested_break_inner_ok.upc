/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: the inner forall skips masked cells with continue and counts negative values without leaving the loop */
#include <upc.h>
#include <stdio.h>

#define R 4
#define C 8
shared [C] int m[R * THREADS][C];
shared int neg[THREADS];

int main(void)
{
    int i, j, seen;
    for (i = 0; i < R * THREADS; i++)
        for (j = 0; j < C; j++)
            if (upc_threadof(&m[i][j]) == MYTHREAD)
                m[i][j] = (i == 1 && j == 3) ? -1 : (j % 3 == 0 ? 0 : 1);
    upc_barrier;
    upc_forall (i = 0; i < R * THREADS; i++; &m[i][0]) {
        seen = 0;
        upc_forall (j = 0; j < C; j++; continue) {
            if (m[i][j] == 0)
                continue;
            if (m[i][j] < 0 && !seen) {
                neg[MYTHREAD]++;
                seen = 1;
            }
        }
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("neg %d\n", neg[0]);
    return 0;
}
