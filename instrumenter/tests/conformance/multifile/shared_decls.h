/* Declarations shared by the two units of the multi-file conformance program. */
#ifndef SHARED_DECLS_H
#define SHARED_DECLS_H
#include <upc.h>

#define BLK 4
#define COUNTS_PER_THREAD 10

extern shared int counts[COUNTS_PER_THREAD * THREADS];   /* defined in lib.upc */
extern strict shared int done_flag;                      /* defined in lib.upc */
extern shared [BLK] double table[BLK * THREADS];         /* defined in main.upc */
extern shared int *shared cursor;                        /* defined in main.upc */

void fill_counts(void);
double sum_table(void);
double expected_table_sum(void);
shared int *nth_count(int n);
void advance_cursor(int n);
#endif
