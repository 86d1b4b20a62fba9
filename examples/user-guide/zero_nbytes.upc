/* upc-check-test
 * expect: invalid-argument
 * line: 29
 * threads: 4
 */
/* User-guide scenario: a zero nbytes from an uninitialized shared variable. sh_val is never
 * set (the assignment was forgotten), so upc_all_broadcast gets nbytes == 0. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define BLOCK_SIZE 3

shared [BLOCK_SIZE] int arrA[THREADS * BLOCK_SIZE];
shared [BLOCK_SIZE] int arrB[THREADS * BLOCK_SIZE];
static shared int sh_val;

int main(void)
{
    int i;

    /* forgotten: sh_val = BLOCK_SIZE; */
    upc_forall (i = 0; i < THREADS * BLOCK_SIZE; i++; i / BLOCK_SIZE)
        arrA[i] = (i + MYTHREAD) * (i - MYTHREAD) + 1;
    upc_forall (i = 0; i < THREADS * BLOCK_SIZE; i++; i / BLOCK_SIZE)
        arrB[i] = i + 1;
    upc_barrier;

    upc_all_broadcast(arrB, arrA, sizeof(int) * sh_val, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);

    upc_barrier;
    if (MYTHREAD == 0)
        for (i = 0; i < THREADS * BLOCK_SIZE; i++)
            printf("arrB[%d] / arrA[%d] = %d\n", i, i, arrB[i] / arrA[i]);
    return 0;
}
