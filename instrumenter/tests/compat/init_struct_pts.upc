/* Brace-list initializers of structs with pointer-to-shared members, at file scope
   and in a block; zero-initialized members must be null pointers-to-shared. */
#include <upc.h>
#include <stdio.h>

typedef struct {
    shared int *sp;
    int *lp;
    int n;
} S;

shared int sh[4*THREADS];
int a = 1, c = 3;

S list[4] = { { &sh[0], &a, 4 }, { NULL, &c, 10 } };
static S one = { &sh[1], 0, 7 };

static int check(const S *l, const char *where)
{
    int errs = 0;
    if (l[0].sp != &sh[0] || upc_threadof(l[0].sp) != 0 || *l[0].lp != 1 || l[0].n != 4)
        errs++;
    if (l[1].sp != NULL || *l[1].lp != 3 || l[1].n != 10)
        errs++;
    if (l[2].sp != NULL || l[2].lp != NULL || l[2].n != 0)
        errs++;
    if (l[3].sp || l[3].lp || l[3].n)
        errs++;
    if (errs)
        printf("thread %d: %s list wrong\n", MYTHREAD, where);
    return errs;
}

int main(void)
{
    int i, errs = 0;
    S local[4] = { { &sh[0], &a, 4 }, { NULL, &c, 10 } };
    S after[2] = { [1] = { .sp = &sh[MYTHREAD], .n = MYTHREAD } };

    upc_forall (i = 0; i < 4*THREADS; i++; &sh[i])
        sh[i] = 100 + i;
    upc_barrier;

    errs += check(list, "file-scope");
    errs += check(local, "block-scope");
    if (*list[0].sp != 100 || list[0].sp[THREADS] != 100 + THREADS)
        errs++;
    if (one.sp != &sh[1] || *one.sp != 101 || one.lp != NULL || one.n != 7)
        errs++;
    if (after[0].sp != NULL || after[1].sp != &sh[MYTHREAD] || *after[1].sp != 100 + MYTHREAD)
        errs++;
    for (i = 0; i < list[0].n; i++)
        if (list[0].sp[i] != 100 + i)
            errs++;

    if (errs == 0)
        printf("thread %d: initializers OK\n", MYTHREAD);
    return 0;
}
