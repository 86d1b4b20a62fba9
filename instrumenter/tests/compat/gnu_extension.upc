/* __extension__, __typeof__, statement expressions and the spellings of glibc headers */
#include <upc.h>
#include <stdio.h>
#include <string.h>

#define NELEM 8

__extension__ typedef long long int64;
__extension__ shared long long big[THREADS];
shared int data[NELEM*THREADS];

#define MAX(a, b) \
  __extension__ ({ __typeof__ (a) _a = (a); __typeof__ (b) _b = (b); _a > _b ? _a : _b; })

#define SWAP(x, y) do { __typeof__ (x) _t = (x); (x) = (y); (y) = _t; } while (0)

#define likely(x)   __builtin_expect (!!(x), 1)
#define unlikely(x) __builtin_expect (!!(x), 0)

struct pair {
  __extension__ union {
    int i;
    float f;
  };
  int tag;
};

static __inline__ int
square (int x)
{
  return x * x;
}

static __inline int
cube (int x)
{
  return x * x * x;
}

static int
sum_local (const int *__restrict p, int n)
{
  int s = 0, k;
  for (k = 0; k < n; k++)
    s += p[k];
  return s;
}

int
main (void)
{
  int i, errors = 0;
  __signed__ int sgn = -1;
  __const int ci = 3;
  __volatile__ int vi = 4;
  int64 acc = 0;
  __typeof__ (&data[0]) mine = &data[MYTHREAD];
  __typeof (acc) acc2 = 0;
  typeof (ci) plain = 2;
  struct pair pr;

  upc_forall (i = 0; i < NELEM*THREADS; i++; &data[i])
    data[i] = i;
  big[MYTHREAD] = __extension__ 0x100000000LL * (MYTHREAD + 1);
  upc_barrier;

  /* statement expressions reading shared data */
  for (i = 0; i < NELEM*THREADS; i++)
    {
      int v = ({ int __t = data[i]; __t * 2; });
      if (unlikely (v != 2 * i))
        errors++;
      acc += MAX (data[i], 0);
    }
  if (acc != (int64) NELEM*THREADS*(NELEM*THREADS-1)/2)
    errors++;

  for (i = 0; i < THREADS; i++)
    acc2 += big[i];
  if (acc2 != 0x100000000LL * THREADS * (THREADS + 1) / 2)
    errors++;

  /* a pointer-to-shared declared with __typeof__ */
  if (upc_threadof (mine) != (size_t) (MYTHREAD % THREADS) || *mine != MYTHREAD)
    errors++;
  mine += THREADS;
  if (*mine != MYTHREAD + THREADS)
    errors++;

  {
    int a = 1, b = 2;
    SWAP (a, b);
    if (a != 2 || b != 1)
      errors++;
  }

  pr.i = 0;
  pr.f = 1.0f;
  pr.tag = 1;
  if (pr.f != 1.0f || sizeof pr != 2 * sizeof (int))
    errors++;

  {
    int loc[4] = { 1, 2, 3, 4 };
    if (sum_local (loc, 4) != 10 || square (ci) != 9 || cube (plain) != 8 || vi != 4 || sgn >= 0)
      errors++;
  }

  if (!likely (__builtin_constant_p (NELEM)))
    errors++;
  if (__builtin_types_compatible_p (__typeof__ (acc), long long) != 1)
    errors++;
  if (__builtin_popcount (0xF0u) != 4 || __builtin_ctz (8u) != 3)
    errors++;
  if (__builtin_offsetof (struct pair, tag) != sizeof (int))
    errors++;

  upc_barrier;
  data[MYTHREAD] = errors;
  upc_barrier;
  if (MYTHREAD == 0)
    {
      int total = 0;
      for (i = 0; i < THREADS; i++)
        total += data[i];
      if (total == 0)
        printf ("extension test: SUCCESS\n");
      else
        printf ("extension test: FAILURE (%d errors)\n", total);
    }
  return 0;
}
