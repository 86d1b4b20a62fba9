/* upc-check-test
 * expect: null-pointer-to-shared
 * line: 29
 * threads: 2 4 8
 * value: pointer = NULL
 * report: null pointer-to-shared `rec` dereferenced
 * report: upc_global_alloc at null_global_alloc_zero_err.upc:28 was called on this thread with a size of 0 bytes
 * report: nblocks `n` = 0
 */
/* Error: each thread allocates its own records with upc_global_alloc, the record count is 0 on one thread, and that thread writes rec->id */
#include <upc.h>
#include <stdio.h>

typedef struct {
    int id;
    double score;
} rec_t;

shared int wanted[THREADS];

int main(void)
{
    shared rec_t *rec;
    size_t n;
    wanted[MYTHREAD] = MYTHREAD % 2 == 0 ? 2 : 0;
    upc_barrier;
    n = wanted[MYTHREAD];
    rec = (shared rec_t *) upc_global_alloc(n, sizeof(rec_t));
    rec->id = MYTHREAD;
    upc_barrier;
    printf("thread %d stored its record\n", MYTHREAD);
    return 0;
}
