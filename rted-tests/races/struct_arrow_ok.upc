/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of struct_arrow_err.upc: the reader reads another member */
#include <upc.h>
#include <stdio.h>

typedef struct { double w; long n; } acc_t;
shared acc_t accs[THREADS];

int main(void)
{
    shared acc_t *a0 = &accs[0];
    double w = 0;
    if (MYTHREAD == 0)
        a0->n = 5;
    else if (MYTHREAD == 1)
        w = a0->w;
    upc_barrier;
    printf("%g\n", w);
    return 0;
}
