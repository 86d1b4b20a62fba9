/* Row-blocked matrix accessed through pointer-to-array-of-shared,
 * in the style of the GWU UPC tutorial "matrix by rows" examples. */
#include <upc_relaxed.h>
#include <stdio.h>
#include <stdlib.h>

#define N 8

shared [N] double A[N*THREADS][N];
shared [N] double B[N*THREADS][N];

typedef shared [N] double (*rowptr_t)[N];

static double
row_sum (shared [N] double (*row)[N])
{
  double s = 0.0;
  int j;
  for (j = 0; j < N; j++)
    s += (*row)[j];
  return s;
}

int
main (int argc, char **argv)
{
  int i, j, errs = 0;
  shared [N] double (*p)[N];
  rowptr_t q;

  upc_forall (i = 0; i < N*THREADS; i++; &A[i][0])
    for (j = 0; j < N; j++)
      {
        A[i][j] = i * 100 + j;
        B[i][j] = 0;
      }
  upc_barrier;

  /* walk rows with a pointer to an array */
  p = A;
  q = &B[0];
  for (i = 0; i < N*THREADS; i++, p++, q++)
    {
      if (upc_threadof (p) != MYTHREAD)
        continue;
      for (j = 0; j < N; j++)
        (*q)[j] = 2 * (*p)[j];
    }
  upc_barrier;

  if (MYTHREAD == 0)
    {
      for (i = 0; i < N*THREADS; i++)
        {
          double want = 0;
          for (j = 0; j < N; j++)
            want += 2 * (i * 100 + j);
          if (row_sum (&B[i]) != want)
            {
              printf ("row %d: got %g want %g\n", i, row_sum (&B[i]), want);
              errs++;
            }
          if (upc_threadof (&B[i][N-1]) != i % THREADS)
            errs++;
        }
      p = A + 3;
      if ((*p)[2] != 302.0 || p[1][1] != 401.0)
        errs++;
      if (sizeof (*p) != N * sizeof (double))
        errs++;
      printf ("ptr_to_array_rows: %s\n", errs ? "FAILED" : "passed");
    }
  return errs != 0;
}
