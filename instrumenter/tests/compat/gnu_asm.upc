/* asm labels, inline asm and the other GNU keywords found in system headers */
#include <upc_relaxed.h>
#include <stdio.h>
#include <stdlib.h>

/* call libc's labs() under another name, as glibc's headers do with __REDIRECT */
extern long int my_labs (long int __x) __asm__ ("labs") __attribute__ ((__nothrow__));
extern int my_atoi (__const char *__nptr) __asm__ ("" "atoi");

static int hidden_counter __asm__ ("compat_hidden_counter") = 40;

#define barrier() __asm__ __volatile__ ("" : : : "memory")

shared long results[THREADS];

static inline unsigned long
identity_asm (unsigned long x)
{
  unsigned long r;
#if defined(__x86_64__) || defined(__i386__)
  __asm__ ("mov %1, %0" : "=r" (r) : "r" (x));
#else
  r = x;
#endif
  return r;
}

int
main (void)
{
  long r;
  int i;

  hidden_counter += 2;
  barrier ();
  asm volatile ("" ::: "memory");
  r = my_labs (-(long) MYTHREAD - 1) + my_atoi ("100") + hidden_counter;
  r += (long) identity_asm ((unsigned long) MYTHREAD);
  results[MYTHREAD] = r;
  upc_barrier;
  if (MYTHREAD == 0)
    {
      int ok = 1;
      for (i = 0; i < THREADS; i++)
        if (results[i] != (i + 1) + 100 + 42 + i)
          ok = 0;
      puts (ok ? "asm labels: ok" : "asm labels: WRONG");
    }
  return 0;
}
