/* shared arrays of unions, enums, and bit-field structs */
#include <upc.h>
#include <stdio.h>
#include <string.h>

enum color { RED, GREEN = 5, BLUE };
typedef enum { OFF = 0, ON = 1 } switch_t;

union word {
    unsigned int u;
    float f;
    unsigned char bytes[4];
};

struct flags {
    unsigned valid : 1;
    unsigned kind  : 3;
    signed   delta : 5;
    unsigned       : 0;
    unsigned long long big : 40;
};

shared enum color    colors[THREADS];
shared switch_t      sw[2*THREADS];
shared union word    words[THREADS];
shared [2] struct flags fl[2*THREADS];
shared [] union word *shared dir[THREADS];

int main() {
    int i, errs = 0;
    union word w;

    colors[MYTHREAD] = (MYTHREAD % 2) ? BLUE : GREEN;
    sw[MYTHREAD] = ON; sw[MYTHREAD + THREADS] = OFF;
    words[MYTHREAD].f = 1.5f * MYTHREAD;
    fl[2*MYTHREAD].valid = 1;
    fl[2*MYTHREAD].kind = MYTHREAD & 7;
    fl[2*MYTHREAD].delta = -MYTHREAD;
    fl[2*MYTHREAD].big = 0xABCDEF0123ULL + MYTHREAD;
    fl[2*MYTHREAD+1] = fl[2*MYTHREAD];
    fl[2*MYTHREAD+1].valid = 0;
    dir[MYTHREAD] = (shared [] union word *) upc_alloc(3 * sizeof(union word));
    for (i = 0; i < 3; i++) dir[MYTHREAD][i].u = 0x01020304u * (i + 1);
    upc_barrier;

    for (i = 0; i < THREADS; i++) {
        enum color c = colors[i];
        if (c != ((i % 2) ? BLUE : GREEN)) errs++;
        if (colors[i] == RED) errs++;
        if (sw[i] != ON || sw[i + THREADS]) errs++;
        w = words[i];
        if (w.f != 1.5f * i) errs++;
        if (words[i].u != w.u) errs++;
        if (fl[2*i].valid != 1 || fl[2*i+1].valid != 0) errs++;
        if (fl[2*i+1].kind != (unsigned)(i & 7)) errs++;
        if (fl[2*i].delta != -i) errs++;
        if (fl[2*i+1].big != 0xABCDEF0123ULL + i) errs++;
        {
            shared [] union word *d = dir[i];
            if (d[2].u != 0x01020304u * 3) errs++;
            if (d[0].bytes[0] != 4 && d[0].bytes[0] != 1) errs++;
        }
    }
    if (sizeof(colors[0]) != sizeof(enum color)) errs++;
    if (upc_elemsizeof(fl) != sizeof(struct flags)) errs++;
    upc_barrier;
    upc_free(dir[MYTHREAD]);

    if (errs) printf("thread %d: %d errors\n", MYTHREAD, errs);
    upc_barrier;
    if (MYTHREAD == 0) printf("shared_unions_enums done\n");
    return errs ? 1 : 0;
}
