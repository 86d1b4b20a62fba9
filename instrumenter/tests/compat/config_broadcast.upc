/* Start-up as application codes do it: thread 0 reads a parameter file
 * (written here first, "key = value" lines with comments), fills a
 * configuration structure, and the structure is broadcast to every thread
 * with upc_all_broadcast into a shared array of structures; every thread
 * then works from its own private copy. A missing or bad file ends the job
 * with upc_global_exit. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define PARAMS "config_broadcast.in"

typedef struct {
    char title[32];
    int nx, ny;
    double dt;
    int steps;
    unsigned flags;
} params_t;

shared params_t src_params;
shared params_t all_params[THREADS];
shared double results[THREADS];

static void
write_file(void)
{
    FILE *f = fopen(PARAMS, "w");
    if (!f) {
        perror(PARAMS);
        upc_global_exit(1);
    }
    fprintf(f, "# simulation parameters\n");
    fprintf(f, "title = square cavity\n");
    fprintf(f, "nx = 40\nny = 30   # cells\n\n");
    fprintf(f, "dt=0.125\n");
    fprintf(f, "steps = 16\nflags = 0x5\n");
    fclose(f);
}

static char *
trim(char *s)
{
    char *e;
    while (isspace((unsigned char) *s))
        s++;
    e = s + strlen(s);
    while (e > s && isspace((unsigned char) e[-1]))
        *--e = '\0';
    return s;
}

static void
read_file(params_t *p)
{
    char line[128];
    FILE *f = fopen(PARAMS, "r");
    if (!f) {
        fprintf(stderr, "cannot read %s\n", PARAMS);
        upc_global_exit(1);
    }
    memset(p, 0, sizeof *p);
    while (fgets(line, sizeof line, f)) {
        char *hash = strchr(line, '#'), *eq, *key, *val;
        if (hash)
            *hash = '\0';
        eq = strchr(line, '=');
        if (!eq)
            continue;
        *eq = '\0';
        key = trim(line);
        val = trim(eq + 1);
        if (!strcmp(key, "title"))
            strncpy(p->title, val, sizeof p->title - 1);
        else if (!strcmp(key, "nx"))
            p->nx = atoi(val);
        else if (!strcmp(key, "ny"))
            p->ny = atoi(val);
        else if (!strcmp(key, "dt"))
            p->dt = strtod(val, NULL);
        else if (!strcmp(key, "steps"))
            p->steps = atoi(val);
        else if (!strcmp(key, "flags"))
            p->flags = (unsigned) strtoul(val, NULL, 0);
    }
    fclose(f);
}

int
main(void)
{
    params_t p;
    int s;
    double t = 0;

    if (MYTHREAD == 0) {
        write_file();
        read_file(&p);
        src_params = p;
    }
    upc_all_broadcast(all_params, &src_params, sizeof(params_t),
                      UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    p = all_params[MYTHREAD];
    for (s = 0; s < p.steps; s++)
        t += p.dt;
    results[MYTHREAD] = t * p.nx * p.ny / (MYTHREAD + 1);
    upc_barrier;
    if (MYTHREAD == 0) {
        int k, ok = 1;
        for (k = 0; k < THREADS; k++)
            ok &= results[k] == t * p.nx * p.ny / (k + 1);
        printf("title '%s', grid %dx%d, dt %.3f, %d steps, flags %#x\n", p.title, p.nx, p.ny,
               p.dt, p.steps, p.flags);
        printf("simulated time %.2f on every thread: %s\n", t, ok ? "yes" : "NO");
        remove(PARAMS);
    }
    return 0;
}
