/* Nested scopes: private variables, typedefs and parameters that hide shared
   objects of the same name, and shared objects used again after the block ends. */
#include <upc_relaxed.h>
#include <stdio.h>

typedef int value;
shared int x[THREADS];
shared value v;
shared int a[4*THREADS];

static int use_x(int x) { return x + 1; }               /* parameter hides shared x */
static int use_a(int *a, int i) { return a[i]; }        /* a private array */

static int sum_shared_a(void)
{
    int i, s = 0;
    for (i = 0; i < 4*THREADS; i++)
        s += a[i];
    return s;
}

int main(void)
{
    int ok = 1, i;

    x[MYTHREAD] = 10 * MYTHREAD;
    upc_forall (i = 0; i < 4*THREADS; i++; &a[i])
        a[i] = 1;
    if (MYTHREAD == 0)
        v = 99;
    upc_barrier;

    {
        int x = -1;                                 /* private */
        {
            double x = 0.5;                         /* hides the private int x */
            if (x != 0.5) ok = 0;
        }
        if (x != -1 || use_x(x) != 0) ok = 0;
    }
    if (x[MYTHREAD] != 10 * MYTHREAD) ok = 0;       /* the shared one again */

    {
        typedef double v;                           /* a type named like shared v */
        v half = 0.5;
        if (half * 2 != 1.0) ok = 0;
    }
    if (v != 99) ok = 0;

    for (i = 0; i < 1; i++) {
        int a[3] = { 4, 5, 6 };
        if (use_a(a, 2) != 6) ok = 0;
    }
    if (sum_shared_a() != 4*THREADS) ok = 0;

    {
        value value = 3;                            /* typedef name reused as variable */
        if (value != 3) ok = 0;
    }
    printf("T%d %s\n", MYTHREAD, ok ? "OK" : "WRONG");
    return 0;
}
