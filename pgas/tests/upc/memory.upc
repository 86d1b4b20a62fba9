/* upc-check-test
 * expect: clean
 * threads: 3 4 8
 * stdout: memory ok
 */
/* upc_memget/upc_memput/upc_memcpy/upc_memset across threads' blocks, an upc_global_alloc'ed
 * array made by one thread and used by all, upc_all_alloc, upc_alloc with upc_free. */
#include <upc.h>
#include <stdio.h>
#include <string.h>

#define B 16
shared [B] char buf[B * THREADS];
shared [B] char buf2[B * THREADS];
shared int ints[8 * THREADS];
shared [B] char *shared gptr;
static int errors;
#define EXPECT(c) do { if (!(c)) { errors++; printf("thread %d: line %d: %s\n", MYTHREAD, __LINE__, #c); } } while (0)

int main(void)
{
    int i, next = (MYTHREAD + 1) % THREADS;
    char local[B];
    int iv[8];
    /* My block of buf, written by the previous thread with upc_memput. */
    memset(local, 'A' + MYTHREAD, B);
    upc_memput(&buf[next * B], local, B);
    upc_barrier;
    upc_memget(local, &buf[MYTHREAD * B], B);
    for (i = 0; i < B; i++)
        EXPECT(local[i] == 'A' + (MYTHREAD + THREADS - 1) % THREADS);
    /* ints is cyclic: thread t's slice is ints[t], ints[t+T], ... contiguous on t. */
    for (i = 0; i < 8; i++)
        iv[i] = MYTHREAD * 100 + i;
    upc_memput(&ints[MYTHREAD], iv, sizeof iv);
    upc_barrier;
    for (i = 0; i < 8 * THREADS; i++)
        EXPECT(ints[i] == (i % THREADS) * 100 + i / THREADS);
    upc_barrier;
    /* upc_memcpy from the next thread's block of buf into my block of buf2, upc_memset half. */
    upc_memcpy(&buf2[MYTHREAD * B], &buf[next * B], B);
    upc_memset(&buf2[MYTHREAD * B], 'z', B / 2);
    upc_barrier;
    for (i = 0; i < B; i++)
        EXPECT(buf2[MYTHREAD * B + i] == (i < B / 2 ? 'z' : 'A' + MYTHREAD));
    /* One thread allocates, everybody uses. */
    if (MYTHREAD == THREADS - 1) {
        gptr = (shared [B] char *)upc_global_alloc(THREADS, B);
        EXPECT(gptr != NULL);
    }
    upc_barrier;
    for (i = 0; i < B; i++)
        gptr[MYTHREAD * B + i] = (char)(MYTHREAD + i);
    upc_barrier;
    for (i = 0; i < B * THREADS; i++)
        EXPECT(gptr[i] == (char)(i / B + i % B));
    EXPECT(upc_threadof(&gptr[B * next]) == next);
    upc_barrier;
    if (MYTHREAD == 0)
        upc_free(gptr);
    {
        shared [] double *mine = (shared [] double *)upc_alloc(100 * sizeof(double));
        double *lp = (double *)mine;
        EXPECT(upc_threadof(mine) == MYTHREAD);
        for (i = 0; i < 100; i++)
            lp[i] = i * 1.5;
        EXPECT(mine[99] == 99 * 1.5);
        upc_free(mine);
    }
    {
        shared [4] long *all = (shared [4] long *)upc_all_alloc(2 * THREADS, 4 * sizeof(long));
        upc_forall (i = 0; i < 8 * THREADS; i++; &all[i])
            all[i] = i;
        upc_barrier;
        for (i = 0; i < 8 * THREADS; i++)
            EXPECT(all[i] == i && upc_threadof(&all[i]) == (i / 4) % THREADS);
        upc_barrier;
        upc_all_free(all);
    }
    upc_barrier;
    if (errors)
        return 1;
    if (MYTHREAD == 0)
        printf("memory ok\n");
    return 0;
}
