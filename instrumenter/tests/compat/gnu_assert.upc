/* Test that assert() from <assert.h> can be used on shared data. */
#include <upc_relaxed.h>
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#define N 16

shared int A[N*THREADS];
shared int total;
shared [N] int B[N*THREADS];

static void
check_row (shared [N] int *row, int expect_thread)
{
  int k;
  assert (row != NULL);
  assert (upc_threadof (row) == (size_t) expect_thread);
  for (k = 0; k < N; k++)
    assert (row[k] == expect_thread * N + k);
}

int
main (void)
{
  int i;

  assert (THREADS >= 1);
  assert (MYTHREAD >= 0 && MYTHREAD < THREADS);

  upc_forall (i = 0; i < N*THREADS; ++i; &A[i])
    {
      A[i] = i;
      B[i] = i;
      assert (upc_threadof (&A[i]) == (size_t) MYTHREAD);
    }
  upc_barrier;

  if (MYTHREAD == 0)
    {
      long sum = 0;
      for (i = 0; i < N*THREADS; ++i)
        {
          assert (A[i] == i);
          sum += A[i];
        }
      assert (sum == (long) N*THREADS*(N*THREADS-1)/2);
      total = (int) sum;
    }
  upc_barrier;

  assert (total == N*THREADS*(N*THREADS-1)/2);
  check_row (&B[MYTHREAD * N], MYTHREAD);
  assert (((void) 0, 1));
  assert (sizeof (A[0]) == sizeof (int) && "shared int has the size of an int");

  upc_barrier;
  if (MYTHREAD == 0)
    printf ("assert test: passed\n");
  return 0;
}
