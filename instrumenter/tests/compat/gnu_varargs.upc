/*
 * Variadic functions the way libc-style code writes them: __builtin_va_*,
 * va_arg with a struct type, with a parenthesized comma expression as the list,
 * with pointer types (also pointers-to-shared).
 */
#include <upc.h>
#include <stdarg.h>
#include <stdio.h>

typedef struct { double x, y, z; } vec;
struct tagged { int tag; long value; };

shared int counters[4*THREADS];
shared [4] double grid[4*THREADS];

static double
sum_vecs (int n, ...)
{
  __builtin_va_list ap;
  double s = 0;
  int i;
  __builtin_va_start (ap, n);
  for (i = 0; i < n; i++)
    {
      vec v = __builtin_va_arg (ap, vec);
      s += v.x + v.y + v.z;
    }
  __builtin_va_end (ap);
  return s;
}

static long
sum_tagged (int n, ...)
{
  va_list ap;
  long s = 0;
  int x = 0;
  va_start (ap, n);
  while (n-- > 0)
    {
      struct tagged t = va_arg (ap, struct tagged);
      s += t.tag * t.value;
      s += va_arg ((x++, ap), int);
    }
  va_end (ap);
  return s + x;
}

static double
norm1_ptrs (int n, ...)
{
  va_list ap, copy;
  double s = 0;
  int i;
  va_start (ap, n);
  va_copy (copy, ap);
  for (i = 0; i < n; i++)
    {
      vec *p = va_arg (ap, vec *);
      s += p->x;
    }
  for (i = 0; i < n; i++)
    {
      const vec *q = va_arg (copy, const vec *);
      s += q->y;
    }
  va_end (copy);
  va_end (ap);
  return s;
}

/* pointers-to-shared through "..." */
static int
sum_shared (int n, ...)
{
  va_list ap;
  int s = 0;
  va_start (ap, n);
  while (n--)
    {
      shared int *p = va_arg (ap, shared int *);
      s += *p;
    }
  va_end (ap);
  return s;
}

static double
first_of_blocks (int n, ...)
{
  va_list ap;
  double s = 0;
  va_start (ap, n);
  while (n--)
    {
      shared [4] double *p = va_arg (ap, shared [4] double *);
      s += p[0];
    }
  va_end (ap);
  return s;
}

static int
vsum (int n, va_list ap)
{
  int s = 0;
  while (n--)
    s += va_arg (ap, int);
  return s;
}

static int
sum_ints (int n, ...)
{
  va_list ap;
  int r;
  va_start (ap, n);
  r = vsum (n, ap);
  va_end (ap);
  return r;
}

int
main (void)
{
  int i, bad = 0;
  vec a = { 1, 2, 3 }, b = { 4, 5, 6 };
  struct tagged t1 = { 2, 10 }, t2 = { 3, 100 };

  upc_forall (i = 0; i < 4*THREADS; i++; &counters[i])
    counters[i] = i + 1;
  upc_forall (i = 0; i < 4*THREADS; i++; &grid[i])
    grid[i] = i * 0.5;
  upc_barrier;

  if (sum_vecs (2, a, b) != 21.0) bad |= 1;
  if (sum_tagged (2, t1, 7, t2, 8) != 20 + 7 + 300 + 8 + 2) bad |= 2;
  if (norm1_ptrs (2, &a, &b) != 1 + 4 + 2 + 5) bad |= 4;
  if (sum_shared (3, &counters[0], &counters[THREADS], &counters[4*THREADS-1])
      != 1 + THREADS + 1 + 4*THREADS) bad |= 8;
  if (first_of_blocks (2, &grid[0], &grid[4*(THREADS-1)]) != 0.5 * 4 * (THREADS-1)) bad |= 16;
  if (sum_ints (4, 1, 2, 3, MYTHREAD) != 6 + MYTHREAD) bad |= 32;

  upc_barrier;
  counters[MYTHREAD] = bad;
  upc_barrier;
  if (MYTHREAD == 0)
    {
      for (i = 0; i < THREADS; i++)
        if (counters[i] != 0)
          printf ("thread %d: failed checks 0x%x\n", i, counters[i]);
      printf ("varargs: done\n");
    }
  return 0;
}
