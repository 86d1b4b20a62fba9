/* UPC code calling a C library built by the system compiler: the private
 * copies of shared blocks are handed to the library, results gathered. */
#include <upc.h>
#include <stdio.h>
#include "vecmath.h"

#define B 64

shared [B] double x[B * THREADS];
shared double partial[THREADS];
shared unsigned crcs[THREADS];

int main(void)
{
    double mine[B];
    int i;
    for (i = 0; i < B; i++)
        x[MYTHREAD * B + i] = (double)((MYTHREAD * B + i) % 10);
    upc_barrier;
    upc_memget(mine, &x[MYTHREAD * B], sizeof mine);
    partial[MYTHREAD] = vm_dot(mine, mine, B);
    crcs[MYTHREAD] = vm_crc32(mine, sizeof mine, 0);
    upc_barrier;
    if (MYTHREAD == 0) {
        double s = 0, all[B];
        int t, same = 1;
        for (t = 0; t < THREADS; t++)
            s += partial[t];
        upc_memget(all, &x[0], sizeof all);
        for (t = 0; t < THREADS; t++)
            same &= crcs[t] == vm_crc32(all, 0, 0) || crcs[t] != 0;
        printf("%s: |x|^2 = %.0f over %d elements\n", vm_version, s, B * THREADS);
        printf("crc of \"123456789\" = %08x\n", (unsigned)vm_crc32("123456789", 9, 0));
        printf("norm of block 0 = %.4f, crcs %s\n", vm_norm(all, B), same ? "ok" : "zero");
    }
    return 0;
}
