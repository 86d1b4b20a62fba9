/* Second unit of the multi-file program: defines counts[] and done_flag, uses table[]
 * and cursor defined in main.upc. */
#include "shared_decls.h"

shared int counts[COUNTS_PER_THREAD * THREADS];
strict shared int done_flag;

void fill_counts(void)
{
    upc_forall (int i = 0; i < COUNTS_PER_THREAD * THREADS; i++; &counts[i])
        counts[i] = 5 * i;
}

double sum_table(void)
{
    double s = 0;
    for (int i = 0; i < BLK * THREADS; i++)
        s += table[i];
    return s;
}

double expected_table_sum(void)
{
    double s = 0;
    for (int t = 0; t < THREADS; t++)
        for (int k = 0; k < BLK; k++)
            s += t + k * 0.5;
    return s;
}

shared int *nth_count(int n)
{
    return &counts[n];
}

void advance_cursor(int n)
{
    cursor += n;
}
