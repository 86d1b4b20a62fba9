/* Helper for exit_deep_err.upc and exit_deep_ok.upc: a call chain that may end the thread. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

extern int strict_mode;

static void stage3(int v)
{
    if (v % 2 != 0) {
        printf("thread %d: odd checksum %d\n", MYTHREAD, v);
        if (strict_mode)
            exit(0);
    }
}

static void stage2(int v) { stage3(v + 2); }
void stage1(int v) { stage2(v * 3); }
