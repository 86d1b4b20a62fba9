/*
 * GNU attributes in every position where system headers and real code put them,
 * including after the declarator of a shared object.
 */
#include <upc_relaxed.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

struct __attribute__ ((packed)) wire_hdr {
  char tag;
  int  len;
};

typedef struct {
  double x, y;
} __attribute__ ((aligned (16))) vec2_t;

struct cell {
  int key __attribute__ ((aligned (8)));
  int val;
} __attribute__ ((aligned (16)));

typedef int word_t __attribute__ ((aligned (8)));

enum __attribute__ ((packed)) color { RED, GREEN, BLUE };

shared int v __attribute__ ((unused));
shared int hits[THREADS] __attribute__ ((unused));
__attribute__ ((unused)) shared int before_specs;
shared __attribute__ ((unused)) int between_specs;
static shared int file_local __attribute__ ((unused));
shared double dflag __attribute__ ((aligned (8)));
shared [4] long blk[4*THREADS] __attribute__ ((aligned (16)));
shared vec2_t pos[THREADS];
shared struct cell cells[2*THREADS];
shared int initialized __attribute__ ((unused)) = 5;
shared int *pv __attribute__ ((unused));

static int triple (int) __attribute__ ((const));
static int triple (int x) { return 3 * x; }

__attribute__ ((noinline)) static int
twice (int x)
{
  return 2 * x;
}

static inline __attribute__ ((always_inline)) int
add (int a, int b)
{
  return a + b;
}

static int sum_hits (void) __attribute__ ((pure));
static int
sum_hits (void)
{
  int s = 0, i;
  for (i = 0; i < THREADS; i++)
    s += hits[i];
  return s;
}

static void fail (const char *what) __attribute__ ((noreturn));
static void
fail (const char *what)
{
  printf ("attributes: FAILED (%s) on thread %d\n", what, MYTHREAD);
  upc_global_exit (1);
}

static int report (const char *fmt, ...) __attribute__ ((format (printf, 1, 2)));
#include <stdarg.h>
static int
report (const char *fmt, ...)
{
  va_list ap;
  int n;
  va_start (ap, fmt);
  n = vprintf (fmt, ap);
  va_end (ap);
  return n;
}

static int __attribute__ ((warn_unused_result)) checked_value (int x) { return x + 1; }

static void
set_pos (shared vec2_t *p __attribute__ ((unused)), int unused_arg __attribute__ ((unused)))
{
  pos[MYTHREAD].x = MYTHREAD;
  pos[MYTHREAD].y = -MYTHREAD;
}

int
main (int argc __attribute__ ((unused)), char **argv __attribute__ ((unused)))
{
  int i;
  int local __attribute__ ((unused)) = 0;
  __attribute__ ((unused)) int also_local;
  vec2_t aligned_local;
  word_t w = 7;

  if (sizeof (struct wire_hdr) != 5)
    fail ("packed struct");
  if (__alignof__ (vec2_t) != 16 || ((uintptr_t) &aligned_local) % 16 != 0)
    fail ("aligned typedef");
  if (__alignof__ (struct cell) != 16 || offsetof (struct cell, val) != sizeof (int))
    fail ("aligned member");
  if (sizeof (enum color) != 1)
    fail ("packed enum");
  if (upc_elemsizeof (pos) != sizeof (vec2_t) || upc_elemsizeof (cells) != sizeof (struct cell))
    fail ("element sizes");

  hits[MYTHREAD] = twice (MYTHREAD) + triple (1) - add (1, 2);
  set_pos (&pos[MYTHREAD], 0);
  for (i = 0; i < 2*THREADS; i++)
    if (upc_threadof (&cells[i]) == (size_t) MYTHREAD)
      {
        cells[i].key = i;
        cells[i].val = i * i;
      }
  upc_forall (i = 0; i < 4*THREADS; i++; &blk[i])
    blk[i] = i;
  if (MYTHREAD == 0)
    dflag = 1.5;
  upc_barrier;

  switch (MYTHREAD % 2)
    {
    case 0:
      local = 1;
      __attribute__ ((fallthrough));
    case 1:
      local += 1;
      break;
    }

  if (sum_hits () != THREADS * (THREADS - 1))
    fail ("hits");
  for (i = 0; i < THREADS; i++)
    if (pos[i].x != i || pos[i].y != -i)
      fail ("pos");
  for (i = 0; i < 2*THREADS; i++)
    if (cells[i].key != i || cells[i].val != i * i)
      fail ("cells");
  for (i = 0; i < 4*THREADS; i++)
    if (blk[i] != i)
      fail ("blk");
  if (dflag != 1.5 || initialized != 5 || checked_value (w) != 8)
    fail ("scalars");
  goto out;
 out: __attribute__ ((unused));
  upc_barrier;
  if (MYTHREAD == 0)
    report ("attributes: %s\n", "PASSED");
  return 0;
}
