#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include "pgasutil.h"
#include "util/crc32.h"

int main(int argc, char *argv[])
{
    static long vals[4*SEG];
    long s, expect = 0;
    int i;
    for (i = 0; i < 4*SEG; i++)
        vals[i] = i % 97;
    pgas_scatter(vals, 4*SEG);
    for (i = 0; i < SEG*THREADS; i++)
        expect += vals[i % (4*SEG)];
    s = pgas_sum();
    if (s != expect)
        nerrors = 1;
    upc_barrier;
    if (MYTHREAD == 0) {
        uint32_t crc = crc32_buf("123456789", 9);
        printf("crc32 %08x, sqrt %.3f\n", (unsigned) crc, sqrt(2.0));
        printf("sum %s\n", nerrors ? "FAILED" : "PASSED");
    }
    return nerrors;
}
