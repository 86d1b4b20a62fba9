/* A program made of two translation units sharing shared arrays through `extern`
 * declarations, a shared pointer, a strict flag and functions that take and return
 * pointers-to-shared. */
#define CONF_FEATURE "multifile"
#include "../conf.h"
#include "shared_decls.h"

// expect-stdout: multifile: counts[7] = 35 through the other unit

shared [BLK] double table[BLK * THREADS];
shared int *shared cursor;

int main(void)
{
    long T = THREADS, me = MYTHREAD;

    fill_counts();           /* defined in the other unit, writes counts[] */
    for (int k = 0; k < BLK; k++)
        table[me * BLK + k] = me + k * 0.5;
    if (MYTHREAD == 0)
        cursor = &counts[0];
    upc_barrier;
    for (long i = 0; i < COUNTS_PER_THREAD * T; i++)
        CHECK_EQI(counts[i], 5 * i, i);
    CHECK_EQ(sum_table(), expected_table_sum());
    {
        shared int *p = nth_count(7);
        CHECK(p == &counts[7]);
        CHECK_EQ(*p, 35);
        CHECK_EQ(upc_threadof(p), 7 % T);
    }
    CHECK(cursor == &counts[0]);
    upc_barrier;
    if (MYTHREAD == THREADS - 1)
        advance_cursor(3);   /* the other unit moves the shared pointer */
    upc_barrier;
    CHECK(cursor == &counts[3]);
    CHECK_EQ(*cursor, 15);
    CHECK_EQ(done_flag, 0);
    upc_barrier;
    if (MYTHREAD == 0)
        done_flag = 1;
    CONF_SPIN_UNTIL(done_flag == 1);
    if (MYTHREAD == 0)
        printf("multifile: counts[7] = %d through the other unit\n", (int)*nth_count(7));
    return conf_finish();
}
