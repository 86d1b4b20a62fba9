/* goto_switch_bool.upc -- systems-programmer C in a UPC program: goto-based
 * cleanup paths, a switch over MYTHREAD, _Bool flags in shared memory,
 * __restrict-qualified helper parameters and __attribute__((aligned)) data. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdbool.h>
#include <stdint.h>

#define LEN 32

shared _Bool ready[THREADS];
shared bool valid[THREADS];
static int role_count[4];
static double scratch[LEN] __attribute__((aligned(64)));
shared [LEN] double blockdata[LEN * THREADS] __attribute__((aligned(16)));

static void scale_into(double *__restrict dst, const double *__restrict src, int n, double f)
{
    int i;
    for (i = 0; i < n; i++)
        dst[i] = src[i] * f;
}

static int setup(double **out_a, double **out_b)
{
    double *a = NULL, *b = NULL;
    int rc = -1;

    a = malloc(LEN * sizeof *a);
    if (!a)
        goto fail;
    b = malloc(LEN * sizeof *b);
    if (!b)
        goto fail_a;
    for (int i = 0; i < LEN; i++)
        a[i] = i + MYTHREAD;
    *out_a = a;
    *out_b = b;
    return 0;

fail_a:
    free(a);
fail:
    return rc;
}

int main(void)
{
    double *a, *b;
    int role;

    if (setup(&a, &b) != 0) {
        fprintf(stderr, "allocation failed\n");
        upc_global_exit(2);
    }
    scale_into(b, a, LEN, 2.0);
    scale_into(scratch, b, LEN, 0.5);
    upc_memput(&blockdata[MYTHREAD * LEN], scratch, sizeof scratch);

    switch (MYTHREAD) {
    case 0:
        role = 0; /* the coordinator */
        break;
    case 1:
        role = 1;
        break;
    default:
        if (MYTHREAD == THREADS - 1) {
            role = 3;
            break;
        }
        role = 2;
        break;
    }
    ready[MYTHREAD] = true;
    valid[MYTHREAD] = ((uintptr_t)scratch % 64) == 0;
    upc_barrier;
    /* thread 0 counts roles for everybody (no concurrent updates) */
    if (MYTHREAD == 0) {
        int t, ok = 1;
        for (t = 0; t < THREADS; t++) {
            int r = t == 0 ? 0 : t == 1 ? 1 : t == THREADS - 1 ? 3 : 2;
            role_count[r]++;
            ok &= ready[t] && valid[t];
            ok &= blockdata[t * LEN + 5] == 5.0 + t;
        }
        (void)role;
        printf("all ready, aligned and filled: %s\n", ok ? "true" : "false");
        printf("sizeof(_Bool) shared = %d\n", (int)sizeof(ready[0]));
        printf("coordinators=%d\n", role_count[0]);
    }
    free(a);
    free(b);
    return 0;
}
