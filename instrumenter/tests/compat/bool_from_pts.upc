/* C99 lets any pointer become a _Bool (a null test): also a pointer-to-shared, in an
 * initializer, an assignment, a return, an argument and a cast (stdbool.h style code). */
#include <upc.h>
#include <stdio.h>
#include <stdbool.h>

shared int a[THREADS];
shared int ok_all[THREADS];
typedef _Bool flag_t;

static bool nonnull(shared int *p) { return p; }
static int take(_Bool b) { return b; }

int main(void)
{
    shared int *p = &a[MYTHREAD], *q = NULL;
    _Bool b1 = p;
    bool b2;
    flag_t b3 = (_Bool)p;
    int ok, t;
    b2 = q;
    ok = b1 && !b2 && b3 && nonnull(p) && !nonnull(q) && take(p) && !take(q)
         && (bool)p && !(bool)q;
    ok_all[MYTHREAD] = ok;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (t = 0; t < THREADS; t++)
            ok &= ok_all[t];
        printf("%s\n", ok ? "PASS" : "FAIL");
    }
    return 0;
}
