/* pts_expr_forms.upc -- the expression forms a compiler test suite throws at
 * pointers-to-shared and shared lvalues: post/pre increment through `*p++`,
 * `p++->m`, `(p + 1)->arr[k]`, `&p->arr[1]`, chained and compound
 * assignments to shared lvalues, `a[i]++ + a[j]--` in one expression,
 * conditional expressions mixing pointers-to-shared and null pointer
 * constants, `&*p` and `*&a[i]`, sizeof on shared lvalues and pointers, and
 * byte arithmetic through (shared char *) casts (phase reset to 0). */
#include <upc.h>
#include <stdio.h>

#define B 3
typedef struct { int id; short arr[4]; } rec_t;

shared [B] rec_t recs[B * THREADS];
shared [B] int vals[B * THREADS];
shared int cyc[2 * THREADS];
shared double dbl[THREADS];

static int errors;
#define EXPECT(c) do { if (!(c)) { errors++; printf("T%d line %d: %s\n", MYTHREAD, __LINE__, #c); } } while (0)

int main(void)
{
    int i, n = B * THREADS;
    shared [B] rec_t *rp;
    shared [B] int *vp;
    shared int *cp;

    if (MYTHREAD == 0) {
        for (i = 0; i < n; i++) {
            int k;
            recs[i].id = i;
            for (k = 0; k < 4; k++)
                recs[i].arr[k] = (short)(10 * i + k);
        }
        vp = vals;
        for (i = 0; i < n; i++)
            *vp++ = i * i;                   /* *p++ on a blocked pointer */
        EXPECT(vp == &vals[n - 1] + 1);
        EXPECT(vp - vals == n);

        rp = recs;
        EXPECT(rp++->id == 0);               /* p++->m */
        EXPECT(rp->id == 1);
        EXPECT((rp + 1)->arr[2] == 22);       /* (p + 1)->arr[k] */
        EXPECT(*(&rp->arr[1] + 2) == 13);     /* &p->arr[1]: a pointer into the struct */
        EXPECT(rp[-1].arr[3] == 3);
        EXPECT(&*rp == rp && *&vals[2] == 4);  /* &*p, *&a[i] */
        EXPECT(sizeof rp->arr == 4 * sizeof(short));
        EXPECT(sizeof *rp == sizeof(rec_t) && sizeof vals[0] == sizeof(int));
        EXPECT(sizeof(recs) / sizeof(recs[0]) == (size_t)n);

        /* chained and compound assignments */
        cyc[0] = cyc[1] = vals[1] = 5;
        EXPECT(cyc[0] == 5 && cyc[1] == 5 && vals[1] == 5);
        vals[1] <<= 2;
        vals[1] |= 1;
        vals[1] %= 6;                         /* 21 % 6 = 3 */
        EXPECT(vals[1] == 3);
        dbl[0] = 3.0;
        dbl[0] /= 2;
        dbl[0] -= 0.25;
        EXPECT(dbl[0] == 1.25);
        {
            int x = cyc[0]++ + cyc[1]--;      /* 5 + 5, then 6 and 4 */
            int y = ++cyc[0] * --cyc[1];      /* 7 * 3 */
            EXPECT(x == 10 && y == 21 && cyc[0] == 7 && cyc[1] == 3);
        }

        /* conditional expressions */
        cp = (n > 100) ? &cyc[0] : NULL;
        EXPECT(cp == NULL);
        cp = (n > 0) ? cyc + 1 : 0;
        EXPECT(cp != NULL && *cp == 3);
        vp = n ? vals : (shared [B] int *)NULL;
        EXPECT(vp == vals);
        EXPECT((cp ? *cp : -1) == 3);
        EXPECT(!cp == 0 && !(shared void *)0);

        /* bytes: a (shared char *) cast keeps the thread and address, phase 0 */
        {
            shared [B] int *third = &vals[B + 1 < n ? B + 1 : 1];
            shared char *bp = (shared char *)third;
            EXPECT(upc_threadof(bp) == upc_threadof(third));
            EXPECT(upc_phaseof(bp) == 0);
            EXPECT(upc_addrfield(bp) == upc_addrfield(third));
            {
                /* the int at phase p of a block of B ints on one thread is p*sizeof(int)
                 * bytes after the block start; a [] char pointer walks within it */
                shared [] char *lb = (shared [] char *)third;
                shared [] char *base = (shared [] char *)(third - upc_phaseof(third));
                /* upc_resetphase keeps the address, only the phase becomes 0 */
                EXPECT((shared [] char *)upc_resetphase(third) == lb);
                EXPECT(lb - base == (long)(upc_phaseof(third) * sizeof(int)));
                EXPECT(*(shared [] int *)lb == *third);
            }
        }
        /* comparison of pointers into different threads' blocks */
        EXPECT(&vals[n - 1] > &vals[0] || n == 1);
        EXPECT(&recs[n - 1].arr[0] - &recs[0].arr[0] >= 0);
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("pts_expr_forms: %s\n", errors ? "FAILED" : "passed");
    return errors != 0;
}
