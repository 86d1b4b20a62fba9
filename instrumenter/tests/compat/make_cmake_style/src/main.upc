#include <upc.h>
#include <stdio.h>
#include <string.h>
#include "app.h"

shared int hello[THREADS];

int main(void)
{
    hello[MYTHREAD] = MYTHREAD + 1;
    upc_barrier;
    if (MYTHREAD == 0) {
        int t, s = 0;
        for (t = 0; t < THREADS; t++)
            s += hello[t];
        printf("%s %s (%s build)\n", APP_NAME, APP_VERSION, CMAKE_INTDIR);
        printf("compiler %s\n", strstr(COMPILER_ID, "INFO:compiler[") == COMPILER_ID ? "identified" : "unknown");
        printf("sum %s\n", s == THREADS * (THREADS + 1) / 2 ? "ok" : "WRONG");
    }
    return 0;
}
