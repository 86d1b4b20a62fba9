/* Names of shared globals reused as prototype parameters, function parameters,
   locals, struct members, enum constants, labels and tags. */
#include <upc.h>
#include <stdio.h>

shared double t;
shared int n[THREADS];
shared int count;
shared int retry;
shared int total[THREADS];

void report(double t);
static int scale(int n, int count);
static double average(const double *t, int n);

struct stats {
    int count;          /* member named like a shared global */
    double t;
    int n[2];
};

struct count { int value; };    /* tag named like a shared global */

enum phase { retry_phase = 1, done_phase = 2 };

static int scale(int n, int count)
{
    return n * count;
}

static double average(const double *t, int n)
{
    double s = 0;
    int i;
    for (i = 0; i < n; i++)
        s += t[i];
    return s / n;
}

static int errors;

void report(double t)
{
    /* the parameter, not the shared variable */
    if (t != 2.5)
        errors++;
}

int main(void)
{
    struct stats st;
    struct count c = { 3 };
    int attempts = 0;

    n[MYTHREAD] = MYTHREAD;
    if (MYTHREAD == 0) {
        t = 1.0;
        count = 0;
        retry = 0;
    }
    upc_barrier;

    report(2.5);
    if (scale(4, 5) != 20)
        errors++;
    {
        double t[3] = { 1.0, 2.0, 6.0 };        /* a local hiding the shared t */
        if (average(t, 3) != 3.0)
            errors++;
    }
    {
        int count = 7;                          /* hides the shared count */
        count++;
        if (count != 8)
            errors++;
    }
    {
        enum { n = 5 };                         /* an enum constant hides shared n */
        int arr[n];
        if (sizeof arr != 5 * sizeof(int))
            errors++;
    }
    st.count = 1;
    st.t = 0.5;
    st.n[1] = 2;
    if (st.count + st.t + st.n[1] != 3.5 || c.value != 3)
        errors++;

retry:
    attempts++;
    if (attempts < 3)
        goto retry;                             /* a label named like a shared global */
    if (attempts != 3)
        errors++;

    if (t != 1.0 || n[MYTHREAD] != MYTHREAD || retry != 0)
        errors++;
    total[MYTHREAD] = errors + (retry_phase + done_phase != 3);
    upc_barrier;
    if (MYTHREAD == 0) {
        int i, e = 0;
        for (i = 0; i < THREADS; i++)
            e += total[i];
        printf("scoping: %d errors\n", e);
    }
    return 0;
}
