/*
 * grep -c over a text spread in blocks over the threads: the text sits in a
 * `shared [BLK] char` array; each thread looks for the pattern at every start
 * position of its own block, and a match that runs into the next block is
 * read from the neighbour's memory character by character (the boundary
 * case of every distributed string search).  The matches' positions are
 * collected into a shared array with a lock-protected cursor and sorted by
 * thread 0.
 */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLK 37
#define MAXLEN (BLK * 64)
#define MAXHITS 256

shared [BLK] char text[MAXLEN];
shared int hits[MAXHITS];
shared int nhits;
upc_lock_t *shared cursor_lock;

static const char *pattern = "upc";

static int cmp(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

int main(void)
{
    static const char *lines[] = {
        "the upc_forall loop of upc distributes iterations; ",
        "upcrun starts the threads and upc_barrier joins them. ",
        "a pointer-to-shared has a thread, a phase and an address: upc_threadof. ",
    };
    int len = 0, i, plen = strlen(pattern);

    if (MYTHREAD == 0) {
        int r;
        cursor_lock = upc_global_lock_alloc();
        for (r = 0; r < 6; r++) {
            const char *s = lines[r % 3];
            while (*s && len < MAXLEN - 1)
                text[len++] = *s++;
        }
        text[len] = '\0';
    }
    upc_barrier;
    len = 0;
    while (text[len] != '\0')
        len++;

    upc_forall (i = 0; i <= len - plen; i++; &text[i]) {
        int k = 0;
        while (k < plen && text[i + k] == pattern[k])
            k++;
        if (k == plen) {
            upc_lock(cursor_lock);
            if (nhits < MAXHITS)
                hits[nhits] = i;
            nhits++;
            upc_unlock(cursor_lock);
        }
    }
    upc_barrier;

    if (MYTHREAD == 0) {
        int n = nhits, pos[MAXHITS], cross = 0;
        for (i = 0; i < n; i++)
            pos[i] = hits[i];
        qsort(pos, n, sizeof(int), cmp);
        for (i = 0; i < n; i++)
            cross += pos[i] / BLK != (pos[i] + plen - 1) / BLK;
        printf("text of %d characters in blocks of %d\n", len, BLK);
        printf("\"%s\" found %d times, %d across a block boundary\n", pattern, n, cross);
        printf("at");
        for (i = 0; i < n; i++)
            printf(" %d", pos[i]);
        printf("\n");
        upc_lock_free(cursor_lock);
    }
    return 0;
}
