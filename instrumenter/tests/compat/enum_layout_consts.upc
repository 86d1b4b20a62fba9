/* Enumeration constants where C wants an integer constant expression, as code
 * that avoids macros writes it: block sizes of layout qualifiers (in
 * declarations, casts and typedefs), array dimensions beside THREADS, a
 * upc_forall bound and case labels. */
#include <upc.h>
#include <stdio.h>

enum { BLOCK = 6, ROWS = 4, KINDS = 3 };
enum sizes { SMALL = 2, LARGE = SMALL * 4 };

typedef shared [BLOCK] int block_arr[BLOCK * THREADS];
block_arr data;
shared [LARGE] double wide[LARGE * THREADS];
shared [ROWS * KINDS] int table[THREADS][ROWS * KINDS];

static const char *kind_name(int k)
{
    switch (k) {
    case SMALL - 2: return "zero";
    case SMALL - 1: return "one";
    case SMALL: return "two";
    default: return "many";
    }
}

int main(void)
{
    int i;
    shared [BLOCK] int *p = (shared [BLOCK] int *) &data[0];
    upc_forall (i = 0; i < BLOCK * THREADS; i++; &data[i])
        data[i] = i;
    upc_forall (i = 0; i < LARGE * THREADS; i++; &wide[i])
        wide[i] = 0.5 * i;
    for (i = 0; i < ROWS * KINDS; i++)
        table[MYTHREAD][i] = i % KINDS;
    upc_barrier;
    if (MYTHREAD == 0) {
        int ok = 1, t;
        for (i = 0; i < BLOCK * THREADS; i++)
            ok &= p[i] == i && (int)upc_threadof(&p[i]) == (i / BLOCK) % THREADS;
        for (i = 0; i < LARGE * THREADS; i++)
            ok &= wide[i] == 0.5 * i && (int)upc_threadof(&wide[i]) == (i / LARGE) % THREADS;
        for (t = 0; t < THREADS; t++)
            ok &= table[t][ROWS * KINDS - 1] == (ROWS * KINDS - 1) % KINDS;
        printf("blocksizeof %d %d %d, layouts %s\n", (int)upc_blocksizeof(data),
               (int)upc_blocksizeof(wide), (int)upc_blocksizeof(table), ok ? "ok" : "WRONG");
        printf("%s %s %s %s\n", kind_name(0), kind_name(1), kind_name(2), kind_name(LARGE));
    }
    return 0;
}
