/* 128-bit integers (GNU __int128) as private and shared data */
#include <upc_relaxed.h>
#include <stdio.h>
#include <inttypes.h>

typedef unsigned __int128 u128;
typedef __int128 s128;

shared u128 products[THREADS];
shared [2] s128 pairs[2*THREADS];

static u128
mul64 (uint64_t a, uint64_t b)
{
  return (u128) a * b;
}

static void
print_u128 (u128 v)
{
  char digits[40];
  int n = 0;
  do {
    digits[n++] = (char) ('0' + (int) (v % 10));
    v /= 10;
  } while (v != 0);
  while (n > 0)
    putchar (digits[--n]);
  putchar ('\n');
}

int
main (void)
{
  int i;
  u128 total = 0;

  products[MYTHREAD] = mul64 (UINT64_MAX, (uint64_t) MYTHREAD + 1);
  pairs[2*MYTHREAD] = -(s128) 1 << 100;
  pairs[2*MYTHREAD+1] = ((s128) 1 << 100) + MYTHREAD;
  upc_barrier;

  if (MYTHREAD == 0)
    {
      s128 check = 0;
      for (i = 0; i < THREADS; i++)
        {
          total += products[i];
          check += pairs[2*i] + pairs[2*i+1];
        }
      /* sum_{t=1..T} t * (2^64 - 1) */
      if (total != (u128) UINT64_MAX * (u128) (THREADS * (THREADS + 1) / 2)
          || check != (s128) (THREADS * (THREADS - 1) / 2))
        puts ("int128: wrong result");
      print_u128 (mul64 (UINT64_MAX, UINT64_MAX));
      printf ("sizeof(__int128) = %d\n", (int) sizeof (s128));
    }
  return 0;
}
