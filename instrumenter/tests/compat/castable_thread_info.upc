/* UPC 1.3's <upc_castable.h> in a program that picks a fast path when it may: it asks
 * upc_thread_info which kinds of shared memory of each thread it may cast to local
 * pointers, uses upc_cast for those (and for its own data, always castable), falls back to
 * upc_memget otherwise, and checks that both paths read the same values; upc_cast of the
 * null pointer-to-shared is the null pointer. */
#include <upc.h>
#include <upc_castable.h>
#include <stdio.h>
#include <string.h>

#define N 10
shared [N] int stat_data[N * THREADS];
shared [N] int *dyn_data;

static int sum_of(shared [N] int *block, int castable)
{
    int buf[N], s = 0, k;
    const int *p;
    if (castable && (p = upc_cast(block)) != NULL) {
        for (k = 0; k < N; k++)
            s += p[k];
        return s;
    }
    upc_memget(buf, block, sizeof buf);
    for (k = 0; k < N; k++)
        s += buf[k];
    return s;
}

int main(void)
{
    int t, k, agree = 1, fast = 0;
    dyn_data = upc_all_alloc(THREADS, N * sizeof(int));
    for (k = 0; k < N; k++) {
        stat_data[MYTHREAD * N + k] = MYTHREAD * 100 + k;
        dyn_data[MYTHREAD * N + k] = MYTHREAD * 1000 + k;
    }
    upc_barrier;
    for (t = 0; t < THREADS; t++) {
        upc_thread_info_t info = upc_thread_info(t);
        int cs = (info.guaranteedCastable & UPC_CASTABLE_STATIC) != 0;
        int ca = (info.guaranteedCastable & UPC_CASTABLE_ALL_ALLOC) != 0;
        int a = sum_of(&stat_data[t * N], cs), b = sum_of(&stat_data[t * N], 0);
        int c = sum_of(&dyn_data[t * N], ca), d = sum_of(&dyn_data[t * N], 0);
        agree &= a == b && c == d && a == t * 100 * N + 45 && c == t * 1000 * N + 45;
        fast += cs + ca;
        if (t == MYTHREAD && (!cs || !ca))
            agree = 0; /* my own memory is always castable */
    }
    if (upc_cast(NULL) != NULL)
        agree = 0;
    printf("thread %d: paths agree %s\n", MYTHREAD, agree ? "yes" : "NO");
    upc_barrier;
    if (MYTHREAD == 0)
        upc_free(dyn_data);
    return 0;
}
