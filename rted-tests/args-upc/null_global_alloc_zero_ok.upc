/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of null_global_alloc_zero_err.upc: at least one record is allocated on every thread */
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
    rec = (shared rec_t *) upc_global_alloc(n > 0 ? n : 1, sizeof(rec_t));
    rec->id = MYTHREAD;
    upc_barrier;
    printf("thread %d stored its record\n", MYTHREAD);
    upc_free(rec);
    return 0;
}
