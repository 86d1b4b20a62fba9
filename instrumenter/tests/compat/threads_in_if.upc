/* THREADS and MYTHREAD in preprocessor conditions, written the way test suites
 * and benchmarks that build in both THREADS environments write them: `#if
 * THREADS > 1` guarded by defined(__UPC_STATIC_THREADS__), or in the
 * #ifndef __UPC_DYNAMIC_THREADS__ branch. With -T N the #if sees the number N;
 * with a dynamic THREADS the guard decides, and the right operand, which the
 * preprocessor still reads, must not be an error. */
#include <upc.h>
#include <stdio.h>

#if defined(__UPC_STATIC_THREADS__) && THREADS > 1
# define CPP_MANY 1              /* static, more than one thread */
#elif defined(__UPC_STATIC_THREADS__)
# define CPP_MANY 0              /* static, one thread */
#else
# define CPP_MANY (THREADS > 1)  /* dynamic: decided at run time */
#endif

#if !defined(__UPC_STATIC_THREADS__) || THREADS > 2
# define BIG_ENOUGH_OR_DYNAMIC 1
#else
# define BIG_ENOUGH_OR_DYNAMIC 0
#endif

#ifndef __UPC_DYNAMIC_THREADS__
# if THREADS % 2 == 0
#  define CPP_EVEN 1
# else
#  define CPP_EVEN 0
# endif
#else
# define CPP_EVEN (THREADS % 2 == 0)
#endif

#if defined(__UPC_STATIC_THREADS__) && (THREADS * 2 > 6 || MYTHREAD > 99)
# define CPP_OVER3 1
#elif defined(__UPC_STATIC_THREADS__)
# define CPP_OVER3 0
#else
# define CPP_OVER3 (THREADS > 3)
#endif

shared int seen[THREADS];

int main(void)
{
    int t, ok = 1;
    seen[MYTHREAD] = MYTHREAD + 1;
    upc_barrier;
    for (t = 0; t < THREADS; t++)
        ok = ok && seen[t] == t + 1;
    ok = ok && CPP_MANY == (THREADS > 1);
    ok = ok && CPP_EVEN == (THREADS % 2 == 0);
    ok = ok && CPP_OVER3 == (THREADS > 3);
#ifdef __UPC_STATIC_THREADS__
    ok = ok && BIG_ENOUGH_OR_DYNAMIC == (THREADS > 2);
#else
    ok = ok && BIG_ENOUGH_OR_DYNAMIC == 1;
#endif
    if (!ok)
        printf("thread %d: the preprocessor saw another THREADS\n", MYTHREAD);
    upc_barrier;
    if (MYTHREAD == 0)
        printf("THREADS in #if: %s with %d threads\n", ok ? "ok" : "wrong", THREADS);
    return 0;
}
