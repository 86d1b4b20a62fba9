/* Strings in shared memory, as text-processing UPC examples handle them: a
 * shared [] char buffer on thread 0 filled with upc_memput, per-thread
 * words in a blocked char array, copies back with upc_memget, a
 * shared-to-shared upc_memcpy, upc_memset padding, and character scans
 * through pointers-to-shared (shared [] char *) with pointer arithmetic. */
#include <upc.h>
#include <stdio.h>
#include <string.h>
#include <ctype.h>

#define WLEN 16
#define TEXT "the quick brown fox jumps over the lazy dog"

shared [] char text[64];
shared [WLEN] char words[WLEN * THREADS];
shared [WLEN] char upper[WLEN * THREADS];
shared int vowels[THREADS];
shared [] char *shared joined;

static const char *dictionary[] = {
    "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"
};

static int
shared_strlen(shared [] const char *s)
{
    shared [] const char *p = s;
    while (*p)
        p++;
    return (int) (p - s);
}

int
main(void)
{
    char local[WLEN], line[WLEN * 8 + 8];
    int i, n = 0;
    shared [] char *c;

    if (MYTHREAD == 0) {
        upc_memset(text, 0, sizeof text);
        upc_memput(text, TEXT, strlen(TEXT) + 1);
        joined = (shared [] char *) upc_alloc(WLEN * THREADS);
    }
    /* my word, padded with NULs to the block */
    upc_memset(&words[MYTHREAD * WLEN], 0, WLEN);
    strcpy(local, dictionary[MYTHREAD % 8]);
    upc_memput(&words[MYTHREAD * WLEN], local, strlen(local));
    upc_barrier;

    /* count vowels of the neighbour's word through a pointer walk */
    {
        int t = (MYTHREAD + 1) % THREADS;
        shared [WLEN] char *w = &words[t * WLEN];
        for (; *w; w++)
            n += strchr("aeiou", *w) != NULL;
        vowels[t] = n;
    }
    /* upper-case copy of my own word: copy the block, then edit it locally */
    upc_memcpy(&upper[MYTHREAD * WLEN], &words[MYTHREAD * WLEN], WLEN);
    {
        char *mine = (char *) &upper[MYTHREAD * WLEN];
        for (i = 0; mine[i]; i++)
            mine[i] = (char) toupper((unsigned char) mine[i]);
    }
    upc_barrier;

    if (MYTHREAD == 0) {
        int t, pos = 0;
        /* join the upper-case words with '-' in the thread-0 buffer */
        for (t = 0; t < THREADS; t++) {
            upc_memget(local, &upper[t * WLEN], WLEN);
            if (t) joined[pos++] = '-';
            for (i = 0; local[i] && pos < WLEN * THREADS - 1; i++)
                joined[pos++] = local[i];
        }
        joined[pos] = '\0';
        upc_memget(line, joined, pos + 1);
        printf("text has %d characters; the word at 16: %.5s\n", shared_strlen(text),
               ({ static char b[8]; upc_memget(b, &text[16], 6); b; }));
        for (c = text; *c && *c != 'z'; c++)
            ;
        printf("'z' at offset %d\n", (int) (c - text));
        {
            int words_joined = 1;
            char *dash = strchr(line, '-');
            for (i = 0; line[i]; i++)
                words_joined += line[i] == '-';
            printf("joined: %d words, the first is %.*s\n", words_joined,
                   (int) (dash ? (size_t) (dash - line) : strlen(line)), line);
        }
        n = 0;
        for (t = 0; t < THREADS; t++)
            n += vowels[t];
        printf("vowels in all words: %s\n", n > THREADS ? "counted" : "??");
        upc_free(joined);
    }
    return 0;
}
