/* Code that adapts to the compilation environment through the predefined macros:
   __UPC__, __UPC_VERSION__, __UPC_STATIC_THREADS__ / __UPC_DYNAMIC_THREADS__,
   THREADS in #if when it is static, UPC_MAX_BLOCK_SIZE. */
#include <upc.h>
#include <stdio.h>

#ifndef __UPC__
#error "not a UPC compiler"
#endif

#if __UPC_VERSION__ >= 200505L
#define HAVE_UPC_1_2 1
#endif

#if defined(__UPC_STATIC_THREADS__) && defined(__UPC_DYNAMIC_THREADS__)
#error "both static and dynamic"
#endif

#ifdef __UPC_STATIC_THREADS__
# if THREADS > 64
#  error "too many threads for this test"
# endif
# define ENV "static"
shared int table[THREADS][2];           /* fine with a constant THREADS */
#else
# define ENV "dynamic"
shared [2] int table[THREADS][2];
#endif

#define BIG_BLOCK (UPC_MAX_BLOCK_SIZE > 1000000 ? 1000000 : UPC_MAX_BLOCK_SIZE)

int main(void)
{
    int t, ok = 1;
    table[MYTHREAD][0] = MYTHREAD;
    table[MYTHREAD][1] = -MYTHREAD;
    upc_barrier;
    for (t = 0; t < THREADS; t++)
        ok = ok && table[t][0] == t && table[t][1] == -t;
#ifdef HAVE_UPC_1_2
    if (MYTHREAD == 0)
        printf("UPC version ok; environment known: %s\n",
               (sizeof ENV == sizeof "static" || sizeof ENV == sizeof "dynamic") ? "yes" : "no");
#endif
    if (MYTHREAD == 0)
        printf("table %s, BIG_BLOCK %s\n", ok ? "ok" : "wrong", BIG_BLOCK >= 1 ? "positive" : "bad");
    return 0;
}
