/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: the cleanup skips table entries that alias an earlier one */
#include <upc.h>
#include <stdio.h>

#define NW 3
typedef shared double *vec_t;

int main(void)
{
    vec_t work[NW];
    int i, j, dup;
    work[0] = (vec_t) upc_all_alloc(THREADS, 8 * sizeof(double));
    work[1] = (vec_t) upc_all_alloc(THREADS, 8 * sizeof(double));
    work[2] = work[0];
    work[1][MYTHREAD] = MYTHREAD;
    upc_barrier;
    for (i = 0; i < NW; i++) {
        dup = 0;
        for (j = 0; j < i; j++) if (work[j] == work[i]) dup = 1;
        if (!dup) upc_all_free(work[i]);
    }
    if (MYTHREAD == 0) printf("freed\n");
    return 0;
}
