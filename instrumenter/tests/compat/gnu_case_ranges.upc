/*
 * A lexer-style character classifier written with GNU C's case ranges
 * (`case 'a' ... 'z':`) and range designators in an initializer
 * (`[0 ... 31] = CTRL`), as in compilers, editors and protocol parsers that
 * are built with gcc.  The text is spread over the threads cyclically; every
 * thread classifies the characters it owns and thread 0 adds the counts up.
 */
#include <upc.h>
#include <stdio.h>
#include <string.h>

enum cls { CTRL, SPACE, DIGIT, UPPER, LOWER, PUNCT, HIGH, NCLS };

static const char *names[NCLS] = {
    [CTRL] = "ctrl", [SPACE] = "space", [DIGIT] = "digit", [UPPER] = "upper",
    [LOWER] = "lower", [PUNCT] = "punct", [HIGH] = "high",
};

/* a weight per byte value: a table filled by ranges */
static const unsigned char weight[256] = {
    [0 ... 31] = 0, [' '] = 1, ['0' ... '9'] = 2, ['A' ... 'Z'] = 3,
    ['a' ... 'z'] = 4, [128 ... 255] = 9,
};

static enum cls classify(unsigned char c)
{
    switch (c) {
    case 0 ... 8:
    case 14 ... 31:
    case 127:
        return CTRL;
    case '\t' ... '\r':
    case ' ':
        return SPACE;
    case '0' ... '9':
        return DIGIT;
    case 'A' ... 'Z':
        return UPPER;
    case 'a' ... 'z':
        return LOWER;
    case 128 ... 255:
        return HIGH;
    default:
        return PUNCT;
    }
}

#define LEN 240
shared char *text;                  /* LEN characters, cyclic */
shared long counts[NCLS][THREADS];
shared long wsum[THREADS];

int main(void)
{
    static const char base[] =
        "UPC 1.3, Sec. 6.6.2: upc_forall (i = 0; i < N; i++; &a[i]) -- ok!\n\t";
    int i, k;
    long local[NCLS] = { 0 }, w = 0;

    text = (shared char *)upc_all_alloc(LEN, 1);
    if (MYTHREAD == 0)
        for (i = 0; i < LEN; i++)
            text[i] = (i % 37 == 36) ? (char)0xE9 : base[i % (sizeof base - 1)];
    upc_barrier;

    upc_forall (i = 0; i < LEN; i++; &text[i]) {
        unsigned char c = (unsigned char)text[i];
        local[classify(c)]++;
        w += weight[c];
    }
    for (k = 0; k < NCLS; k++)
        counts[k][MYTHREAD] = local[k];
    wsum[MYTHREAD] = w;
    upc_barrier;

    if (MYTHREAD == 0) {
        long total = 0, wt = 0;
        for (k = 0; k < NCLS; k++) {
            long s = 0;
            for (i = 0; i < THREADS; i++)
                s += counts[k][i];
            printf("%-6s %3ld\n", names[k], s);
            total += s;
        }
        for (i = 0; i < THREADS; i++)
            wt += wsum[i];
        printf("total %ld weight %ld\n", total, wt);
        upc_free(text);
    }
    return 0;
}
