/* Records with character and numeric array members, copied with upc_memput/upc_memcpy
   through the member arrays of elements of a shared array of structs. */
#include <upc_relaxed.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    char name[32];
    double samples[8];
    int count;
} record_t;

shared record_t db[THREADS];
shared record_t backup[THREADS];
shared int errors[THREADS];

int main(void)
{
    int i, t, err = 0;
    char namebuf[32];
    double s[8];

    snprintf(namebuf, sizeof namebuf, "record-%02d", MYTHREAD);
    for (i = 0; i < 8; i++)
        s[i] = MYTHREAD + i / 8.0;
    upc_memput(db[MYTHREAD].name, namebuf, sizeof namebuf);
    upc_memput(db[MYTHREAD].samples, s, sizeof s);
    db[MYTHREAD].count = 8;
    upc_barrier;

    /* copy my right neighbour's record into my backup slot, member by member */
    t = (MYTHREAD + 1) % THREADS;
    upc_memcpy(backup[MYTHREAD].name, db[t].name, sizeof db[t].name);
    upc_memcpy(backup[MYTHREAD].samples, db[t].samples, 8 * sizeof(double));
    upc_memset(&backup[MYTHREAD].count, 0, sizeof(int));
    backup[MYTHREAD].count += db[t].count;
    upc_barrier;

    for (t = 0; t < THREADS; t++) {
        int from = (t + 1) % THREADS;
        char want[32];
        upc_memget(namebuf, backup[t].name, sizeof namebuf);
        snprintf(want, sizeof want, "record-%02d", from);
        if (strcmp(namebuf, want) != 0)
            err++;
        upc_memget(s, backup[t].samples, sizeof s);
        for (i = 0; i < 8; i++)
            if (s[i] != from + i / 8.0)
                err++;
        if (backup[t].count != 8 || backup[t].name[7] != want[7])
            err++;
    }
    errors[MYTHREAD] = err;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (t = 0, err = 0; t < THREADS; t++)
            err += errors[t];
        upc_memget(namebuf, db[THREADS - 1].name, sizeof namebuf);
        printf("last record: %.7s\n", namebuf);
        printf("%s\n", err ? "ERRORS" : "all records copied");
    }
    return 0;
}
