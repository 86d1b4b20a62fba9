/* Written the way GUPC's own tests are: the consistency mode chosen by
 * #pragma upc strict / #pragma upc relaxed, a producer/consumer hand-off per
 * pair of threads made safe by upc_fence, and a check routine that counts
 * failures and aborts through abort() only when something is wrong. */

#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

#pragma upc relaxed

#define BUFLEN 64
#define ROUNDS 8

shared [BUFLEN] int buffer[BUFLEN * THREADS];
strict shared int ready[THREADS];
strict shared int consumed[THREADS];
shared int sums[THREADS];

static void
fail (const char *what, int got, int expected)
{
  fprintf (stderr, "%d: FAIL %s: got %d, expected %d\n",
           MYTHREAD, what, got, expected);
  abort ();
}

static void
produce (int round)
{
  int i;
  int *local = (int *) &buffer[MYTHREAD * BUFLEN];
  /* wait until the consumer has taken the previous round */
  while (consumed[MYTHREAD] != round)
    ;
  for (i = 0; i < BUFLEN; ++i)
    local[i] = round * 1000 + i;
  upc_fence;
  ready[MYTHREAD] = round + 1;
}

static int
consume (int from, int round)
{
  int i, s = 0;
  while (ready[from] != round + 1)
    ;
  for (i = 0; i < BUFLEN; ++i)
    s += buffer[from * BUFLEN + i];
  upc_fence;
  consumed[from] = round + 1;
  return s;
}

static int
expected_sum (int round)
{
  return BUFLEN * round * 1000 + BUFLEN * (BUFLEN - 1) / 2;
}

void
test_handoff (void)
{
  int round, total = 0;
  int from = (MYTHREAD + THREADS - 1) % THREADS;
  ready[MYTHREAD] = 0;
  consumed[MYTHREAD] = 0;
  upc_barrier;
  for (round = 0; round < ROUNDS; ++round)
    {
      produce (round);
      total += consume (from, round);
    }
  sums[MYTHREAD] = total;
  upc_barrier;
}

void
test_block_pragma (void)
{
  int i;
  {
#pragma upc strict
    /* every access in this block is strict, so the plain flag works */
    if (MYTHREAD == 0)
      {
        for (i = 0; i < THREADS; ++i)
          sums[i] = sums[i] * 2;
      }
  }
  upc_barrier;
  {
#pragma upc relaxed
    int expect = 0;
    for (i = 0; i < ROUNDS; ++i)
      expect += expected_sum (i);
    for (i = 0; i < THREADS; ++i)
      if (sums[i] != 2 * expect)
        fail ("sums", sums[i], 2 * expect);
  }
}

int
main ()
{
  test_handoff ();
  test_block_pragma ();
  upc_barrier;
  if (!MYTHREAD)
    {
      printf ("test handoff: %d rounds of %d ints\n", ROUNDS, BUFLEN);
      printf ("Passed.\n");
    }
  return 0;
}
