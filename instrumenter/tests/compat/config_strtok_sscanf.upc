/* Reading a key=value configuration the way C applications do: thread 0 parses
 * a text with strtok_r/strtok, sscanf with %[ ] scan sets and %n, strtol/strtod
 * with end pointers and getenv with a default, fills a shared struct, and
 * upc_all_broadcast hands it to everybody; every thread then derives its share
 * of the work from it. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

typedef struct {
    char name[24];
    long nx, ny;
    double dt;
    int steps;
    int verbose;
    char fields[4][8];
    int nfields;
} config_t;

shared config_t cfg_src;
shared config_t cfg_all[THREADS];
shared long cells[THREADS];

static const char text[] =
    "# simulation input\n"
    "name = heat-test   \n"
    "grid=  120x80\n"
    "dt = 2.5e-3 ; comment\n"
    "steps = 0x20\n"
    "fields = temp, rho,vel\n"
    "bogus line without equals\n"
    "verbose = yes\n";

static char *trim(char *s)
{
    char *e;
    while (isspace((unsigned char)*s)) s++;
    e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1])) *--e = '\0';
    return s;
}

static int parse(config_t *c)
{
    char buf[sizeof text], *save = NULL, *line;
    int ignored = 0;
    memcpy(buf, text, sizeof text);
    memset(c, 0, sizeof *c);
    for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char key[32], val[64], *end;
        int used = 0;
        if (line[0] == '#')
            continue;
        if (sscanf(line, " %31[a-z_] = %63[^;]%n", key, val, &used) < 2) {
            ignored++;
            continue;
        }
        strcpy(val, trim(val));
        if (!strcmp(key, "name"))
            snprintf(c->name, sizeof c->name, "%s", val);
        else if (!strcmp(key, "grid"))
            sscanf(val, "%ldx%ld", &c->nx, &c->ny);
        else if (!strcmp(key, "dt"))
            c->dt = strtod(val, &end);
        else if (!strcmp(key, "steps"))
            c->steps = (int)strtol(val, &end, 0);
        else if (!strcmp(key, "verbose"))
            c->verbose = !strcmp(val, "yes");
        else if (!strcmp(key, "fields")) {
            char *f;
            for (f = strtok(val, ","); f && c->nfields < 4; f = strtok(NULL, ","))
                snprintf(c->fields[c->nfields++], 8, "%s", trim(f));
        }
    }
    return ignored;
}

int main(void)
{
    config_t mine;
    const char *mode = getenv("UPCCHECK_COMPAT_UNSET_VARIABLE");
    long rows, first;

    if (MYTHREAD == 0) {
        config_t c;
        int ignored = parse(&c);
        upc_memput(&cfg_src, &c, sizeof c);
        printf("ignored %d line(s); mode %s\n", ignored, mode ? mode : "(default)");
    }
    upc_all_broadcast(cfg_all, &cfg_src, sizeof(config_t), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_memget(&mine, &cfg_all[MYTHREAD], sizeof mine);

    rows = (mine.ny + THREADS - 1) / THREADS;
    first = rows * MYTHREAD;
    if (first > mine.ny) first = mine.ny;
    if (first + rows > mine.ny) rows = mine.ny - first;
    cells[MYTHREAD] = rows * mine.nx;
    upc_barrier;
    if (MYTHREAD == 0) {
        long total = 0;
        int t;
        for (t = 0; t < THREADS; t++)
            total += cells[t];
        printf("name '%s' grid %ldx%ld dt %g steps %d verbose %d\n", mine.name, mine.nx, mine.ny,
               mine.dt, mine.steps, mine.verbose);
        printf("fields:");
        for (t = 0; t < mine.nfields; t++)
            printf(" [%s]", mine.fields[t]);
        printf("\ncells covered %ld of %ld\n", total, mine.nx * mine.ny);
    }
    return 0;
}
