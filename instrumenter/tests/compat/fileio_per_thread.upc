/* Per-thread files, as checkpointing codes write them: every thread writes its
 * block to "ckpt.<thread>" with fprintf and fwrite, closes it, the threads
 * exchange partners and read each other's file back (fopen/fread/fscanf,
 * rewind, fseek/ftell), a failing fopen reports through errno/strerror, and
 * the files are removed.  Runs in the program's working directory. */
#include <upc.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>

#define B 20

shared [B] double data[B * THREADS];
shared int result[THREADS];

static void name_of(char *buf, size_t n, int t)
{
    snprintf(buf, n, "ckpt.%d", t);
}

int main(void)
{
    char name[32], header[64];
    double mine[B], theirs[B];
    FILE *f;
    int i, partner = (MYTHREAD + 1) % THREADS, ok = 1, t = -1, count = -1;
    long size;

    for (i = 0; i < B; i++)
        data[MYTHREAD * B + i] = MYTHREAD + i / 8.0;
    upc_memget(mine, &data[MYTHREAD * B], sizeof mine);
    name_of(name, sizeof name, MYTHREAD);
    f = fopen(name, "wb");
    if (!f) { perror(name); return 1; }
    fprintf(f, "thread %d count %d\n", MYTHREAD, B);
    fwrite(mine, sizeof(double), B, f);
    fclose(f);
    upc_barrier;

    name_of(name, sizeof name, partner);
    f = fopen(name, "rb");
    if (!f) { perror(name); return 1; }
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    rewind(f);
    if (!fgets(header, sizeof header, f) || sscanf(header, "thread %d count %d", &t, &count) != 2)
        ok = 0;
    if (fread(theirs, sizeof(double), B, f) != B)
        ok = 0;
    fclose(f);
    ok &= t == partner && count == B && size == (long)(strlen(header) + sizeof theirs);
    for (i = 0; i < B; i++)
        ok &= theirs[i] == data[partner * B + i];
    errno = 0;
    f = fopen("no-such-dir/ckpt", "r");
    ok &= f == NULL && errno == ENOENT && strlen(strerror(errno)) > 0;
    result[MYTHREAD] = ok;
    upc_barrier;
    name_of(name, sizeof name, MYTHREAD);
    remove(name);
    if (MYTHREAD == 0) {
        int good = 0;
        for (i = 0; i < THREADS; i++)
            good += result[i];
        printf("%d of %d threads read their partner's checkpoint back\n", good, THREADS);
    }
    return 0;
}
