#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <upc.h>
#include <stdio.h>
#ifdef HAVE_SYS_TIME_H
#include <sys/time.h>
#endif

#define SHOW(m) printf("%-22s %d\n", #m, m)
#define SHOWDEF(m) printf("%-22s %s\n", #m, defined_##m)

#ifdef HAVE_STDINT_H
static const char *defined_HAVE_STDINT_H = "yes";
#else
static const char *defined_HAVE_STDINT_H = "no";
#endif
#ifdef HAVE_NO_SUCH_HEADER_H
static const char *defined_HAVE_NO_SUCH_HEADER_H = "yes";
#else
static const char *defined_HAVE_NO_SUCH_HEADER_H = "no";
#endif
#ifdef HAVE_CLOCK_GETTIME
static const char *defined_HAVE_CLOCK_GETTIME = "yes";
#else
static const char *defined_HAVE_CLOCK_GETTIME = "no";
#endif
#ifdef HAVE_NO_SUCH_FUNCTION_XYZ
static const char *defined_HAVE_NO_SUCH_FUNCTION_XYZ = "yes";
#else
static const char *defined_HAVE_NO_SUCH_FUNCTION_XYZ = "no";
#endif

shared int seen[THREADS];

int main(void)
{
    seen[MYTHREAD] = 1;
    upc_barrier;
    if (MYTHREAD == 0) {
        int t, n = 0;
        for (t = 0; t < THREADS; t++)
            n += seen[t];
        SHOW(AC_DEFAULT_OUTPUT);
        SHOW(AC_EXEEXT_OK);
        SHOW(AC_OBJEXT_OK);
        SHOW(AC_GNU_C);
        SHOW(AC_PROG_CC_G);
        SHOW(AC_STD_GNU11);
        SHOW(AC_CPP_OK);
        SHOW(AC_CPP_NONEXISTENT);
        SHOWDEF(HAVE_STDINT_H);
        SHOWDEF(HAVE_NO_SUCH_HEADER_H);
        SHOWDEF(HAVE_CLOCK_GETTIME);
        SHOWDEF(HAVE_NO_SUCH_FUNCTION_XYZ);
        SHOW(HAVE_LIBM);
        SHOW(SIZEOF_LONG);
        SHOW(STDIN_PROBE);
        SHOW(CC_IS_UPC);
        SHOW(LD_FOUND);
        SHOW(DUMPVERSION_OK);
        printf("threads reporting: %d of %d\n", n, THREADS);
    }
    return 0;
}
