/* row_ptr_typedefs.upc -- typedefs of blocked pointers-to-shared used as row
 * handles, a private array of such pointers, a shared array of structures that
 * contain arrays, and sizeof of shared arrays whose dimension involves THREADS. */
#include <upc.h>
#include <stdio.h>

#define B 5

typedef shared [B] double *row_t;
typedef shared [B] double rowarr_t[B * THREADS];

typedef struct {
    int id;
    double coef[3];
    char tag[8];
} cell_t;

rowarr_t m0, m1;
shared cell_t cells[2 * THREADS];
shared int sizes_ok[THREADS];

static double row_sum(row_t r, int n)
{
    double s = 0;
    int i;
    for (i = 0; i < n; i++)
        s += r[i];
    return s;
}

int main(void)
{
    row_t rows[2];
    int i, ok = 1;

    rows[0] = m0;
    rows[1] = &m1[0];
    upc_forall (i = 0; i < B * THREADS; i++; &m0[i]) {
        rows[0][i] = i;
        rows[1][i] = 2 * i;
    }
    upc_forall (i = 0; i < 2 * THREADS; i++; &cells[i]) {
        cells[i].id = i;
        cells[i].coef[0] = i;
        cells[i].coef[1] = i * 0.5;
        cells[i].coef[2] = -i;
        snprintf((char *)cells[i].tag, sizeof cells[i].tag, "c%d", i);
    }
    ok &= sizeof(m0) == B * THREADS * sizeof(double);
    ok &= sizeof(cells) == 2 * THREADS * sizeof(cell_t);
    ok &= sizeof(rowarr_t) / sizeof(double) == (size_t)(B * THREADS);
    ok &= upc_localsizeof(m0) == B * sizeof(double);
    ok &= upc_blocksizeof(rows[1][0]) == B;
    sizes_ok[MYTHREAD] = ok;
    upc_barrier;
    if (MYTHREAD == 0) {
        double s0 = row_sum(rows[0], B), s1 = row_sum(rows[1], B);
        double c = 0;
        for (i = 0; i < THREADS; i++) ok &= sizes_ok[i];
        for (i = 0; i < 2 * THREADS; i++)
            c += cells[i].coef[0] + cells[i].coef[1] + cells[i].coef[2];
        printf("sizes: %s\n", ok ? "ok" : "WRONG");
        printf("first row of m0 sums to %.0f, first of m1 to %.0f\n", s0, s1);
        {
            char tag[8];
            upc_memget(tag, cells[1].tag, sizeof tag);
            printf("cells[1]: id %d tag %s, coef[1] %.2f, sum %s\n", cells[1].id, tag,
                   cells[1].coef[1], c == 0.5 * THREADS * (2 * THREADS - 1) ? "ok" : "WRONG");
        }
        printf("thread of rows[1] + %d: %d\n", B, (int)upc_threadof(rows[1] + B) == (THREADS > 1));
    }
    return 0;
}
