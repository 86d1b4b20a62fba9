/* upc-check-test
 * expect: data-race
 * line: 20 22
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: struct_arrow_err.upc:20 and struct_arrow_err.upc:22
 */
/* Thread 1 reads a record through -> while thread 0 updates it */
#include <upc.h>
#include <stdio.h>

typedef struct { double w; long n; } acc_t;
shared acc_t accs[THREADS];

int main(void)
{
    shared acc_t *a0 = &accs[0];
    long n = 0;
    if (MYTHREAD == 0)
        a0->n = 5;
    else if (MYTHREAD == 1)
        n = a0->n;
    upc_barrier;
    printf("%ld\n", n >= 0 ? 0L : 1L);
    return 0;
}
