/* Shared arrays and scalars declared more than once at file scope (tentative
   definitions and extern declarations), static shared variables. */
#include <upc.h>
#include <stdio.h>

#define N 8

extern shared int A[N*THREADS];
shared int A[N*THREADS];
shared int A[N*THREADS];

shared int count;
shared int count;
extern shared int count;

static shared double weights[THREADS];
static shared double weights[THREADS];

extern shared [4] long blocked[4*THREADS];

int sum_A(void);

int main(void)
{
    int i;
    upc_forall (i = 0; i < N*THREADS; i++; &A[i])
        A[i] = 1;
    upc_forall (i = 0; i < 4*THREADS; i++; &blocked[i])
        blocked[i] = i;
    weights[MYTHREAD] = 0.5;
    upc_barrier;
    if (MYTHREAD == 0) {
        long b = 0;
        double w = 0;
        for (i = 0; i < 4*THREADS; i++)
            b += blocked[i];
        for (i = 0; i < THREADS; i++)
            w += weights[i];
        count = sum_A();
        printf("count == N*THREADS: %s\n", count == N*THREADS ? "yes" : "no");
        printf("blocked sum ok: %s\n", b == 2L*THREADS*(4*THREADS-1) ? "yes" : "no");
        printf("weights ok: %s\n", w == 0.5*THREADS ? "yes" : "no");
    }
    return 0;
}

int sum_A(void)
{
    int i, s = 0;
    for (i = 0; i < N*THREADS; i++)
        s += A[i];
    return s;
}

shared [4] long blocked[4*THREADS];
