/* Producer/consumer through a relaxed shared flag polled in a spin loop with
 * upc_fence: thread 0 writes the data, fences, raises the flag; every other
 * thread polls the flag and then reads the data. Built with -O2. */
#include <upc_relaxed.h>
#include <stdio.h>

#define N 64

shared int flag;
shared int data[N*THREADS];
shared int seen[THREADS];

int main(void)
{
    int i;

    if (MYTHREAD == 0)
        flag = 0;
    upc_barrier;

    if (MYTHREAD == 0) {
        for (i = 0; i < N*THREADS; i++)
            data[i] = 3 * i + 1;
        upc_fence;
        flag = 1;
        seen[0] = 1;
    } else {
        while (!flag)
            upc_fence;
        upc_fence;
        seen[MYTHREAD] = 1;
        for (i = 0; i < N*THREADS; i++)
            if (data[i] != 3 * i + 1)
                seen[MYTHREAD] = 0;
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        int n = 0;
        for (i = 0; i < THREADS; i++)
            n += seen[i];
        printf("%d of %d threads saw the data\n", n, THREADS);
    }
    return 0;
}
