#include <upc.h>
#include <stdio.h>
#include "legacy.h"

shared int parts[THREADS];

int main(void)
{
    int t;
    long sum = 0, want = 0;
    parts[MYTHREAD] = legacy_scale(MYTHREAD + 1) + asm_answer();
    upc_barrier;
    if (MYTHREAD == 0) {
        for (t = 0; t < THREADS; t++) {
            sum += parts[t];
            want += 10L * (t + 1) + 42;
        }
        printf("plain C: legacy_scale(3) = %d\n", legacy_scale(3));
        printf("assembly: asm_answer() = %d\n", asm_answer());
        printf("C through assembly: checksum(\"UPC\") = %u\n", legacy_checksum("UPC"));
        printf("parts of %d threads: %s\n", THREADS, sum == want ? "ok" : "wrong");
    }
    return 0;
}
