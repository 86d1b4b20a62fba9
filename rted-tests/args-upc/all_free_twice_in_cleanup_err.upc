/* upc-check-test
 * expect: invalid-argument
 * line: 25
 * threads: 2 3 4 8
 */
/* Error: a solver's cleanup frees its work arrays with upc_all_free through a table of pointers in which the same array was registered twice (alias of the residual), so the second upc_all_free frees it again */
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
        (void) j;
        if (!dup) upc_all_free(work[i]);
    }
    if (MYTHREAD == 0) printf("freed\n");
    return 0;
}
