/* upc-check-test
 * expect: null-pointer-to-shared
 * line: 21
 * threads: 2 4 8
 * value: pointer = NULL
 * report: null pointer-to-shared `target` dereferenced
 */
/* Error: a thread that finds no neighbour keeps the pointer NULL and still writes its result through it with p[i] */
#include <upc.h>
#include <stdio.h>

shared int results[THREADS];

int main(void)
{
    shared int *target = NULL;
    int right = MYTHREAD + 1;
    if (right < THREADS)
        target = &results[right];
    upc_barrier;
    target[0] = MYTHREAD * 10;
    upc_barrier;
    if (MYTHREAD == 0)
        printf("results[1] = %d\n", results[1]);
    return 0;
}
