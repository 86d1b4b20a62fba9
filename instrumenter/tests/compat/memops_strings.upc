/* upc_memcpy, upc_memput, upc_memget and upc_memset between threads, on arrays of
   chars, with lengths that cross no block boundary (as the spec requires). */
#include <upc.h>
#include <stdio.h>
#include <string.h>

#define LEN 40

shared [LEN] char text[LEN*THREADS];
shared [LEN] char copy[LEN*THREADS];
shared [] char *shared scratch;
shared int good[THREADS];

int main(void)
{
    char line[LEN], back[LEN];
    int from = (MYTHREAD + THREADS - 1) % THREADS, ok = 1;

    memset(line, 0, sizeof line);
    snprintf(line, sizeof line, "line written by thread %d", MYTHREAD);
    upc_memput(&text[MYTHREAD * LEN], line, LEN);
    if (MYTHREAD == 0) {
        scratch = (shared [] char *) upc_alloc(LEN * THREADS);
        upc_memset(scratch, '.', LEN * THREADS);
    }
    upc_barrier;

    /* copy the previous thread's line into my block of copy, shared to shared */
    upc_memcpy(&copy[MYTHREAD * LEN], &text[from * LEN], LEN);
    /* and into my slice of the scratch area on thread 0 */
    upc_memcpy(scratch + MYTHREAD * LEN, &text[from * LEN], LEN);
    /* blank the tail of my copy */
    upc_memset(&copy[MYTHREAD * LEN + 30], 0, LEN - 30);
    upc_barrier;

    upc_memget(back, &copy[MYTHREAD * LEN], LEN);
    snprintf(line, sizeof line, "line written by thread %d", from);
    line[30] = 0;
    if (strcmp(back, line) != 0)
        ok = 0;
    upc_memget(back, scratch + ((MYTHREAD + 1) % THREADS) * LEN, LEN);
    snprintf(line, sizeof line, "line written by thread %d", MYTHREAD);
    if (strcmp(back, line) != 0)
        ok = 0;
    good[MYTHREAD] = ok;
    upc_barrier;
    if (MYTHREAD == 0) {
        int t, all = 1;
        for (t = 0; t < THREADS; t++)
            all = all && good[t];
        upc_memget(back, &text[0], LEN);
        printf("%s\n", back);
        printf("memory operations: %s\n", all ? "ok" : "FAILED");
        upc_free(scratch);
    }
    return 0;
}
