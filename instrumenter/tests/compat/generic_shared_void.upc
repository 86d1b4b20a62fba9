/* generic_shared_void.upc -- library-style generic code over `shared void *`:
 * a qsort-like interface that works on any element type through upc_memget,
 * upc_memput and upc_memcpy, with the element size passed in. */
#include <upc.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

typedef int (*cmp_fn)(const void *, const void *);

/* swap elements i and j of a shared [] array of `size`-byte elements */
static void gswap(shared void *base, size_t size, size_t i, size_t j)
{
    char a[64], b[64];
    shared [] char *p = (shared [] char *)base;
    upc_memget(a, p + i * size, size);
    upc_memget(b, p + j * size, size);
    upc_memput(p + i * size, b, size);
    upc_memput(p + j * size, a, size);
}

/* insertion sort of n elements at base (indefinite block size: one thread) */
static void gsort(shared void *base, size_t n, size_t size, cmp_fn cmp)
{
    char x[64], y[64];
    shared [] char *p = (shared [] char *)base;
    size_t i, j;
    for (i = 1; i < n; i++)
        for (j = i; j > 0; j--) {
            upc_memget(x, p + (j - 1) * size, size);
            upc_memget(y, p + j * size, size);
            if (cmp(x, y) <= 0)
                break;
            gswap(base, size, j - 1, j);
        }
}

static shared void *gdup(shared const void *src, size_t bytes)
{
    shared void *d = upc_alloc(bytes);
    upc_memcpy(d, src, bytes);
    return d;
}

struct rec { int key; char name[12]; };

static int cmp_int(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
static int cmp_dbl(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}
static int cmp_rec(const void *a, const void *b)
{
    return strcmp(((const struct rec *)a)->name, ((const struct rec *)b)->name);
}

int main(void)
{
    if (MYTHREAD == THREADS - 1) {
        static const int iv[] = { 5, -3, 9, 0, 12, 7, -8, 1 };
        static const double dv[] = { 2.5, -1.0, 3.25, 0.5 };
        static const struct rec rv[] = { { 3, "pear" }, { 1, "apple" }, { 2, "fig" } };
        shared [] int *ia = (shared [] int *)upc_alloc(sizeof iv);
        shared [] double *da = (shared [] double *)upc_alloc(sizeof dv);
        shared [] struct rec *ra = (shared [] struct rec *)upc_alloc(sizeof rv);
        shared [] int *copy;
        size_t i;

        upc_memput(ia, iv, sizeof iv);
        upc_memput(da, dv, sizeof dv);
        upc_memput(ra, rv, sizeof rv);
        copy = (shared [] int *)gdup(ia, sizeof iv);

        gsort(ia, sizeof iv / sizeof iv[0], sizeof(int), cmp_int);
        gsort(da, 4, sizeof(double), cmp_dbl);
        gsort(ra, 3, sizeof(struct rec), cmp_rec);

        printf("ints:");
        for (i = 0; i < sizeof iv / sizeof iv[0]; i++) printf(" %d", ia[i]);
        printf("\noriginal:");
        for (i = 0; i < sizeof iv / sizeof iv[0]; i++) printf(" %d", copy[i]);
        printf("\ndoubles:");
        for (i = 0; i < 4; i++) printf(" %g", da[i]);
        printf("\nrecords:");
        for (i = 0; i < 3; i++) {
            struct rec r;
            upc_memget(&r, &ra[i], sizeof r);
            printf(" %s=%d", r.name, r.key);
        }
        printf("\n");
        upc_free(ia); upc_free(da); upc_free(ra); upc_free(copy);
    }
    return 0;
}
