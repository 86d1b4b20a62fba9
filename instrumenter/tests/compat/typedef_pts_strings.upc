/* A table of strings in shared memory, handled through typedef'd pointer-to-shared
   types: each thread allocates its name with upc_alloc, publishes it, and every
   thread reads the others' names character by character and with upc_memget. */
#include <upc.h>
#include <stdio.h>
#include <string.h>

typedef shared [] char *sstring;
typedef sstring shared name_table_t[THREADS];

name_table_t names;
shared int agree[THREADS];

static size_t sstrlen(sstring s)
{
    size_t n = 0;
    while (s[n] != '\0')
        n++;
    return n;
}

static sstring sstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    sstring d = (sstring) upc_alloc(n);
    if (d != (sstring) NULL)
        upc_memput(d, s, n);
    return d;
}

int main(void)
{
    char mine[32], buf[32];
    int t, ok = 1;

    snprintf(mine, sizeof mine, "worker-%c", 'A' + MYTHREAD);
    names[MYTHREAD] = sstrdup(mine);
    upc_barrier;
    for (t = 0; t < THREADS; t++) {
        sstring s = names[t];
        size_t n;
        if (s == (sstring) NULL || upc_threadof(s) != (size_t) t) {
            ok = 0;
            continue;
        }
        n = sstrlen(s);
        upc_memget(buf, s, n + 1);
        if (n != 8 || buf[7] != 'A' + t || strncmp(buf, "worker-", 7) != 0)
            ok = 0;
    }
    agree[MYTHREAD] = ok;
    upc_barrier;
    upc_free(names[MYTHREAD]);
    names[MYTHREAD] = (sstring) 0;
    if (MYTHREAD == 0) {
        int n = 0;
        for (t = 0; t < THREADS; t++)
            n += agree[t];
        printf("string table: %d/%d threads read every name\n", n, THREADS);
    }
    return 0;
}
