#include <upc.h>
#include <stdio.h>

#define N 16

void fill(void)
{
    extern shared int array[N*THREADS];
    int i;
    upc_forall (i = 0; i < N*THREADS; i++; &array[i])
        array[i] = i % N;
}

double fill_matrix(void)
{
    extern shared [N] double matrix[N*THREADS];
    int i;
    upc_forall (i = 0; i < N*THREADS; i++; &matrix[i])
        matrix[i] = (double) i / N;
    upc_barrier;
    return matrix[N*THREADS - 1];
}

int check(void)
{
    extern shared int array[N*THREADS];
    extern shared int flag_count;
    int i, bad = 0;
    for (i = 0; i < N*THREADS; i++)
        if (array[i] != i % N)
            bad++;
    if (bad == 0) {
        /* every thread adds one, serialized by the barrier loop below */
        int t;
        for (t = 0; t < THREADS; t++) {
            if (t == MYTHREAD)
                flag_count++;
            upc_barrier;
        }
    }
    return bad;
}

int main(void)
{
    extern shared int flag_count;
    double last;
    int bad;

    fill();
    upc_barrier;
    bad = check();
    last = fill_matrix();
    if (MYTHREAD == 0)
        printf("bad=%d flag_count==THREADS:%d last==%s\n", bad, flag_count == THREADS,
               last == (double) (N*THREADS - 1) / N ? "ok" : "wrong");
    return 0;
}
