/* Array members of shared structs decay to pointers-to-shared. */
#include <upc.h>
#include <stdio.h>
#include <string.h>

#define LEN 100

struct X {
    int f[LEN];
    int n;
};

shared struct X arr[THREADS];

int main(void)
{
    int i, t, bad = 0;
    int buf[LEN];

    for (i = 0; i < LEN; i++)
        arr[MYTHREAD].f[i] = MYTHREAD * 1000 + i;
    arr[MYTHREAD].n = LEN;
    upc_barrier;

    {
        /* the member array of arr[0] is on thread 0: an indefinite pointer walks it */
        shared [] int *p = arr[0].f;
        for (i = 0; i < LEN; i++)
            if (p[i] != i)
                bad++;
        if (upc_threadof(p) != 0 || upc_threadof(p + LEN - 1) != 0)
            bad++;
    }
    for (t = 0; t < THREADS; t++) {
        shared void *gp = (shared void *) arr[t].f;
        shared [] int *q = (shared [] int *) gp;
        if (upc_threadof(gp) != (size_t) t)
            bad++;
        if (q[LEN - 1] != t * 1000 + LEN - 1)
            bad++;
        memset(buf, 0, sizeof buf);
        upc_memget(buf, arr[t].f, LEN * sizeof(int));
        for (i = 0; i < LEN; i++)
            if (buf[i] != t * 1000 + i)
                bad++;
        upc_memget(buf, &arr[t].f[10], 5 * sizeof(int));
        if (buf[0] != t * 1000 + 10 || buf[4] != t * 1000 + 14)
            bad++;
    }
    printf("thread %d: %d errors\n", MYTHREAD, bad);
    return 0;
}
