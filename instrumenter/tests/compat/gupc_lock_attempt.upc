/* GUPC test-suite style (upc_lock_attempt, upc_fence, strict flags):
 *   1. every thread acquires a shared lock only through upc_lock_attempt
 *      loops and bumps a counter inside the critical section;
 *   2. a lock held by thread 0 must not be obtainable by anybody else until
 *      thread 0 says (through a strict flag) that it released it;
 *   3. a relaxed write followed by upc_fence and a strict flag is seen by the
 *      reader of the flag (message passing through a fence). */
#include <upc_relaxed.h>
#include <stdio.h>
#include <stdlib.h>

#define ITER 50

upc_lock_t *lock;
shared int counter;
shared int attempts_failed[THREADS];
strict shared int held;
strict shared int released;
shared int payload[THREADS];
strict shared int ready[THREADS];
shared int failures[THREADS];

static void
fail(const char *what)
{
  fprintf(stderr, "thread %d: FAILED: %s\n", MYTHREAD, what);
  upc_global_exit(1);
}

int
main()
{
  int i, got;

  lock = upc_all_lock_alloc();
  if (!lock)
    fail("upc_all_lock_alloc returned NULL");
  if (MYTHREAD == 0)
    {
      counter = 0;
      held = 0;
      released = 0;
    }
  attempts_failed[MYTHREAD] = 0;
  failures[MYTHREAD] = 0;
  upc_barrier 1;

  /* test 1 */
  for (i = 0; i < ITER; ++i)
    {
      while (!upc_lock_attempt(lock))
        ;
      counter = counter + 1;
      upc_unlock(lock);
    }
  upc_barrier 2;
  if (MYTHREAD == 0)
    {
      if (counter != ITER * THREADS)
        fail("counter");
      printf("test 1: counter = %d (expected %d): passed\n", counter, ITER * THREADS);
    }
  upc_barrier 3;

  /* test 2 */
  if (MYTHREAD == 0)
    {
      upc_lock(lock);
      held = 1;
    }
  upc_barrier 4;
  if (MYTHREAD != 0)
    {
      int tries = 0;
      while (tries < 100)
        {
          if (upc_lock_attempt(lock))
            {
              /* only legal after thread 0 released the lock */
              if (!released)
                failures[MYTHREAD] = 1;
              upc_unlock(lock);
              break;
            }
          tries++;
        }
    }
  else
    {
      upc_fence;
      released = 1;
      upc_unlock(lock);
    }
  upc_barrier 5;
  if (MYTHREAD == 0)
    {
      int t, bad = 0;
      for (t = 0; t < THREADS; t++)
        bad += failures[t];
      printf("test 2: lock exclusion: %s\n", bad ? "FAILED" : "passed");
    }

  /* test 3: message passing through a fence */
  ready[MYTHREAD] = 0;
  upc_barrier 6;
  {
    int to = (MYTHREAD + 1) % THREADS;
    int from = (MYTHREAD + THREADS - 1) % THREADS;
    payload[to] = 1000 + MYTHREAD;
    upc_fence;
    ready[to] = 1;
    while (!ready[MYTHREAD])
      ;
    got = payload[MYTHREAD];
    if (got != 1000 + from)
      failures[MYTHREAD] = 2;
  }
  upc_barrier 7;
  if (MYTHREAD == 0)
    {
      int t, bad = 0;
      for (t = 0; t < THREADS; t++)
        bad += failures[t] == 2;
      printf("test 3: fence ordering: %s\n", bad ? "FAILED" : "passed");
      printf("Passed.\n");
    }
  upc_barrier 8;
  if (MYTHREAD == 0)
    upc_lock_free(lock);
  return 0;
}
