/* Matrix multiplication C = A x B.  A and C are distributed by blocks of rows;
   B is replicated into private memory with upc_memget (a common optimization). */
#include <upc_relaxed.h>
#include <stdio.h>

#define ROWS 4                  /* rows of A and C per thread */
#define P    6                  /* columns of A, rows of B */
#define M    5                  /* columns of B and C */

shared [ROWS*P] int a[ROWS*THREADS][P];
shared [ROWS*M] int c[ROWS*THREADS][M];
shared [] int b[P][M];          /* on thread 0 */

int b_local[P][M];

int main(void)
{
    int i, j, l;
    int errors = 0;

    /* initialization: each thread its rows of a; thread 0 all of b */
    upc_forall (i = 0; i < ROWS*THREADS; i++; &a[i][0])
        for (j = 0; j < P; j++)
            a[i][j] = i + j;
    if (MYTHREAD == 0)
        for (i = 0; i < P; i++)
            for (j = 0; j < M; j++)
                b[i][j] = i * M + j - 7;
    upc_barrier;

    upc_memget(b_local, b, P * M * sizeof(int));

    /* all threads perform matrix multiplication on the rows they own */
    upc_forall (i = 0; i < ROWS*THREADS; i++; &c[i][0]) {
        for (j = 0; j < M; j++) {
            c[i][j] = 0;
            for (l = 0; l < P; l++)
                c[i][j] += a[i][l] * b_local[l][j];
        }
    }
    upc_barrier;

    if (MYTHREAD == 0) {
        for (i = 0; i < ROWS*THREADS; i++)
            for (j = 0; j < M; j++) {
                int want = 0;
                for (l = 0; l < P; l++)
                    want += (i + l) * (l * M + j - 7);
                if (c[i][j] != want)
                    errors++;
            }
        printf("c[0][0] = %d, c[1][2] = %d\n", c[0][0], c[1][2]);
        printf("matrix product %s\n", errors ? "INCORRECT" : "correct");
    }
    return 0;
}
