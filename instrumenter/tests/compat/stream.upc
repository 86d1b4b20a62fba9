/*-----------------------------------------------------------------------*/
/* Program: UPC STREAM                                                    */
/* A UPC port of the STREAM benchmark (McCalpin): sustainable memory      */
/* bandwidth of simple vector kernels over shared arrays.                 */
/*-----------------------------------------------------------------------*/
#include <upc_relaxed.h>
#include <stdio.h>
#include <math.h>
#include <float.h>
#include <limits.h>
#include <sys/time.h>

#ifndef N
#   define N    4000        /* elements per thread */
#endif
#ifndef NTIMES
#   define NTIMES   4
#endif

#define HLINE "-------------------------------------------------------------\n"

#ifndef MIN
#define MIN(x,y) ((x)<(y)?(x):(y))
#endif
#ifndef MAX
#define MAX(x,y) ((x)>(y)?(x):(y))
#endif

shared double a[N*THREADS], b[N*THREADS], c[N*THREADS];

static double   avgtime[4] = {0}, maxtime[4] = {0},
                mintime[4] = {FLT_MAX,FLT_MAX,FLT_MAX,FLT_MAX};

static char     *label[4] = {"Copy:      ", "Scale:     ",
                             "Add:       ", "Triad:     "};

static double   bytes[4] = {
    2 * sizeof(double),
    2 * sizeof(double),
    3 * sizeof(double),
    3 * sizeof(double)
    };

extern double mysecond();
extern void checkSTREAMresults();

int
main()
    {
    int                 BytesPerWord;
    register int        j, k;
    double              scalar, t, times[4][NTIMES];

    if (MYTHREAD == 0) {
        printf(HLINE);
        printf("UPC STREAM version $Revision: 5.8 $\n");
        printf(HLINE);
        BytesPerWord = sizeof(double);
        printf("This system uses %d bytes per DOUBLE PRECISION word.\n",
               BytesPerWord);
        printf(HLINE);
        printf("Array size = %d per thread, %d threads\n", N, THREADS);
        printf("Each test is run %d times, but only\n", NTIMES);
        printf("the *best* time for each is used.\n");
        printf(HLINE);
    }

    upc_forall (j=0; j<N*THREADS; j++; &a[j]) {
        a[j] = 1.0;
        b[j] = 2.0;
        c[j] = 0.0;
    }
    upc_barrier;

    upc_forall (j = 0; j < N*THREADS; j++; &a[j])
        a[j] = 2.0E0 * a[j];
    upc_barrier;

    /*  --- MAIN LOOP --- repeat test cases NTIMES times --- */

    scalar = 3.0;
    for (k=0; k<NTIMES; k++)
        {
        upc_barrier;
        times[0][k] = mysecond();
        upc_forall (j=0; j<N*THREADS; j++; &a[j])
            c[j] = a[j];
        upc_barrier;
        times[0][k] = mysecond() - times[0][k];

        times[1][k] = mysecond();
        upc_forall (j=0; j<N*THREADS; j++; &b[j])
            b[j] = scalar*c[j];
        upc_barrier;
        times[1][k] = mysecond() - times[1][k];

        times[2][k] = mysecond();
        upc_forall (j=0; j<N*THREADS; j++; &c[j])
            c[j] = a[j]+b[j];
        upc_barrier;
        times[2][k] = mysecond() - times[2][k];

        times[3][k] = mysecond();
        upc_forall (j=0; j<N*THREADS; j++; &a[j])
            a[j] = b[j]+scalar*c[j];
        upc_barrier;
        times[3][k] = mysecond() - times[3][k];
        }

    /*  --- SUMMARY --- */

    for (k=1; k<NTIMES; k++) /* note -- skip first iteration */
        {
        for (j=0; j<4; j++)
            {
            avgtime[j] = avgtime[j] + times[j][k];
            mintime[j] = MIN(mintime[j], times[j][k]);
            maxtime[j] = MAX(maxtime[j], times[j][k]);
            }
        }

    if (MYTHREAD == 0) {
        printf("Function      Rate (MB/s)   Avg time     Min time     Max time\n");
        for (j=0; j<4; j++) {
            avgtime[j] = avgtime[j]/(double)(NTIMES-1);
            if (mintime[j] <= 0.0) mintime[j] = 1.0e-9;
            printf("%s%11.4f  %11.4f  %11.4f  %11.4f\n", label[j],
                   1.0E-06 * bytes[j] * N * THREADS/mintime[j],
                   avgtime[j],
                   mintime[j],
                   maxtime[j]);
        }
        printf(HLINE);
    }

    /* --- Check Results --- */
    checkSTREAMresults();
    upc_barrier;
    if (MYTHREAD == 0)
        printf(HLINE);

    return 0;
}

double mysecond()
{
        struct timeval tp;
        struct timezone tzp;
        int i;

        i = gettimeofday(&tp,&tzp);
        (void) i;
        return ( (double) tp.tv_sec + (double) tp.tv_usec * 1.e-6 );
}

shared double errsum[3*THREADS];

void checkSTREAMresults ()
{
        double aj,bj,cj,scalar;
        double asum,bsum,csum;
        double epsilon;
        int     j,k;

    /* reproduce initialization */
        aj = 1.0;
        bj = 2.0;
        cj = 0.0;
    /* a[] is modified during timing check */
        aj = 2.0E0 * aj;
    /* now execute timing loop */
        scalar = 3.0;
        for (k=0; k<NTIMES; k++)
        {
            cj = aj;
            bj = scalar*cj;
            cj = aj+bj;
            aj = bj+scalar*cj;
        }
        aj = aj * (double) (N);
        bj = bj * (double) (N);
        cj = cj * (double) (N);

        asum = 0.0;
        bsum = 0.0;
        csum = 0.0;
        upc_forall (j=0; j<N*THREADS; j++; &a[j]) {
                asum += a[j];
                bsum += b[j];
                csum += c[j];
        }
        errsum[3*MYTHREAD] = asum;
        errsum[3*MYTHREAD+1] = bsum;
        errsum[3*MYTHREAD+2] = csum;
        upc_barrier;

        if (MYTHREAD == 0) {
            int bad = 0;
            epsilon = 1.e-8;
            for (j = 0; j < THREADS; j++) {
                if (fabs(aj-errsum[3*j])/aj > epsilon) {
                    printf ("Failed Validation on array a[] of thread %d\n", j);
                    bad = 1;
                }
                if (fabs(bj-errsum[3*j+1])/bj > epsilon) {
                    printf ("Failed Validation on array b[] of thread %d\n", j);
                    bad = 1;
                }
                if (fabs(cj-errsum[3*j+2])/cj > epsilon) {
                    printf ("Failed Validation on array c[] of thread %d\n", j);
                    bad = 1;
                }
            }
            if (!bad)
                printf ("Solution Validates\n");
        }
}
