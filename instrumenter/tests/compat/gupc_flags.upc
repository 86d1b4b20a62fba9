/* gupc_flags.upc -- options a GUPC build passes (-x upc before a .c file name is
 * not needed here, but -fupc-inline-lib, -fupc-debug style options and
 * -Wno-* are): they must be accepted, and GUPC's predefined macros tested the
 * way GUPC-only code tests them must not break the build. */
#include <upc.h>
#include <stdio.h>

#if defined(__UPC__) && defined(__UPC_VERSION__)
#define HAVE_UPC 1
#endif

#ifndef __UPC_DYNAMIC_THREADS__
#ifndef __UPC_STATIC_THREADS__
#error "neither static nor dynamic THREADS?"
#endif
#endif

shared int v[THREADS];

int main(void)
{
    int i, s = 0;
    v[MYTHREAD] = MYTHREAD + 1;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0; i < THREADS; i++) s += v[i];
        printf("UPC %s, version >= 200505: %d\n", HAVE_UPC ? "defined" : "missing",
               __UPC_VERSION__ >= 200505L);
        printf("sum ok: %d\n", s == THREADS * (THREADS + 1) / 2);
    }
    return 0;
}
