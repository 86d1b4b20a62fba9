/* Old C habit: a header declares the program's shared data with tentative definitions
 * (no extern, no initializer), and the file that owns the data, which includes it,
 * defines it again with its initial values.  In C the first is tentative and the
 * second gives the object its value; so in UPC. */
#include <upc.h>
#include <stdio.h>

/* --- what "params.h" holds --- */
shared int nsteps;
shared [4] double coef[4*THREADS];
shared int done;
/* --- */

shared int nsteps = 25;
shared [4] double coef[4*THREADS] = { 0.5, 0.25, 0.125 };

int main(void)
{
    int t;
    double sum = 0;
    if (MYTHREAD == 0)
        done = 1;
    upc_barrier;
    for (t = 0; t < 4*THREADS; t++)
        sum += coef[t];
    if (MYTHREAD == THREADS - 1)
        printf("nsteps=%d coef sum=%.3f first=%.2f last=%.2f done=%d\n",
               nsteps, sum, coef[0], coef[4*THREADS - 1], done);
    return 0;
}
