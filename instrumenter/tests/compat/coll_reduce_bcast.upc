/* upc_all_reduce<T> for several types and operations, upc_all_broadcast of
   ints and of a struct, as in the collectives test suites. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <limits.h>

#define NELEMS 10
#define BLK 3

shared [BLK] int     A[NELEMS*THREADS];
shared [BLK] long    L[NELEMS*THREADS];
shared [BLK] unsigned long U[NELEMS*THREADS];
shared [BLK] double  D[NELEMS*THREADS];
shared float         F[THREADS];
shared int           iresult;
shared long          lresult;
shared unsigned long uresult;
shared double        dresult;
shared float         fresult;

typedef struct { int id; double scale; char tag[8]; } params_t;
shared [] params_t src_params[1];
shared params_t params[THREADS];
shared [NELEMS] int bsrc[NELEMS*THREADS];
shared [NELEMS] int bdst[NELEMS*THREADS];

static int checks, failures;
#define CHECK(cond, what) do { checks++; if (!(cond)) { failures++; \
    if (MYTHREAD == 0) printf("check failed: %s\n", what); } } while (0)

static int max_of(int a, int b) { return a > b ? a : b; }
/* associative, not commutative: the first non-zero operand */
static long first_nonzero(long a, long b) { return a != 0 ? a : b; }

int main(void)
{
    int i, n = NELEMS * THREADS;
    const upc_flag_t sync = UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC;

    upc_forall (i = 0; i < n; i++; &A[i]) {
        A[i] = i;
        L[i] = (i % 7) - 3;
        U[i] = 1UL << (i % 20);
        D[i] = 0.5 * i;
    }
    F[MYTHREAD] = 1.5f;
    upc_barrier;

    upc_all_reduceI(&iresult, A, UPC_ADD, n, BLK, NULL, sync);
    CHECK(iresult == n * (n - 1) / 2, "reduceI ADD");
    upc_all_reduceI(&iresult, A, UPC_MAX, n, BLK, NULL, sync);
    CHECK(iresult == n - 1, "reduceI MAX");
    upc_all_reduceI(&iresult, A, UPC_FUNC, n, BLK, max_of, sync);
    CHECK(iresult == n - 1, "reduceI FUNC");
    upc_all_reduceI(&iresult, &A[1], UPC_MIN, n - 1, BLK, NULL, sync);
    CHECK(iresult == 1, "reduceI MIN from a phase-1 start");
    upc_all_reduceL(&lresult, L, UPC_MIN, n, BLK, NULL, sync);
    CHECK(lresult == (n >= 7 ? -3 : -3), "reduceL MIN");
    upc_all_reduceL(&lresult, L, UPC_LOGAND, n, BLK, NULL, sync);
    CHECK(lresult == 0, "reduceL LOGAND");
    upc_all_reduceL(&lresult, &L[3], UPC_NONCOMM_FUNC, 3, BLK, first_nonzero, sync);
    CHECK(lresult == 1, "reduceL NONCOMM_FUNC");
    upc_all_reduceUL(&uresult, U, UPC_OR, n, BLK, NULL, sync);
    CHECK(uresult == ((n >= 20) ? 0xFFFFFUL : (1UL << n) - 1), "reduceUL OR");
    upc_all_reduceUL(&uresult, U, UPC_XOR, 2, BLK, NULL, sync);
    CHECK(uresult == 3UL, "reduceUL XOR");
    upc_all_reduceD(&dresult, D, UPC_ADD, n, BLK, NULL, sync);
    CHECK(dresult == 0.25 * n * (n - 1), "reduceD ADD");
    upc_all_reduceF(&fresult, F, UPC_MULT, THREADS, 1, NULL, sync);
    {
        float want = 1.0f;
        for (i = 0; i < THREADS; i++)
            want *= 1.5f;
        CHECK(fresult == want, "reduceF MULT");
    }

    /* broadcast a block of ints and a struct */
    if (MYTHREAD == 0) {
        for (i = 0; i < NELEMS; i++)
            bsrc[i] = 100 + i;
        src_params[0].id = 7;
        src_params[0].scale = 0.125;
        snprintf((char *) src_params[0].tag, 8, "bcast");
    }
    upc_all_broadcast(bdst, bsrc, NELEMS * sizeof(int), sync);
    upc_all_broadcast(params, src_params, sizeof(params_t), sync);
    for (i = 0; i < NELEMS; i++)
        CHECK(bdst[MYTHREAD * NELEMS + i] == 100 + i, "broadcast ints");
    {
        params_t p = params[MYTHREAD];
        CHECK(p.id == 7 && p.scale == 0.125 && p.tag[0] == 'b' && p.tag[5] == 0, "broadcast struct");
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("collectives: %d checks, %d failures\n", checks, failures);
    return 0;
}
