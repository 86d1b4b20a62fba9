/* Array members of shared structs: elements read and written through the struct
 * (s.a[k], p->a[k]), &s.a[k] is a pointer-to-shared on the struct's thread. */
#define CONF_FEATURE "struct_array_members"
#include "conf.h"

// expect-stdout: struct_array_members: label of rec 1 is "rec1"

struct rec {
    int id;
    char label[8];
    int hist[4];
};

shared [2] struct rec recs[2 * THREADS];

int main(void)
{
    long T = THREADS;
    struct rec probe;
    long off_h = (char *)&probe.hist[0] - (char *)&probe;

    for (long i = 0; i < 2 * T; i++) {
        if (upc_threadof(&recs[i]) != MYTHREAD)
            continue;
        shared [2] struct rec *p = &recs[i];
        recs[i].id = (int)i;
        for (int k = 0; k < 4; k++)
            p->hist[k] = (int)(10 * i + k);
        memset(probe.label, 0, sizeof probe.label);
        snprintf(probe.label, sizeof probe.label, "rec%ld", i);
        for (int k = 0; k < 8; k++)
            recs[i].label[k] = probe.label[k];
    }
    upc_barrier;
    for (long i = 0; i < 2 * T; i++) {
        long owner = (i / 2) % T, local = (i / (2 * T)) * 2 + i % 2;
        char want[8] = {0};
        snprintf(want, sizeof want, "rec%ld", i);
        for (int k = 0; k < 4; k++) {
            CHECK_EQI(recs[i].hist[k], 10 * i + k, i * 10 + k);
            CHECK_EQI((&recs[i])->hist[k], 10 * i + k, i * 10 + k);
            CHECK_EQI(upc_threadof(&recs[i].hist[k]), owner, i * 10 + k);
            CHECK_EQI(upc_addrfield(&recs[i].hist[k]) - upc_addrfield(&recs[0]),
                      local * sizeof(struct rec) + off_h + k * sizeof(int), i * 10 + k);
        }
        for (int k = 0; k < 8; k++)
            CHECK_EQI(recs[i].label[k], want[k], i * 10 + k);
        {
            shared [] int *h = (shared [] int *)&recs[i].hist[0];
            CHECK_EQI(h[3], 10 * i + 3, i);
        }
    }
    if (MYTHREAD == 0) {
        struct rec r1 = recs[1];
        printf("struct_array_members: label of rec 1 is \"%s\"\n", r1.label);
    }
    return conf_finish();
}
