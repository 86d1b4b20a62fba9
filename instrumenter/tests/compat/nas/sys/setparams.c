/*
 * setparams: write npbparams.h for a benchmark, a problem class and a
 * number of threads.  Usage: setparams benchmark-name class nthreads
 * It runs on the build machine and is compiled with the plain C compiler.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <time.h>

#define FILENAME "npbparams.h"
#define VERSION "2.4"

static void usage(void)
{
    fprintf(stderr, "usage: setparams benchmark-name class nthreads\n");
    fprintf(stderr, "       benchmark-name: ep, is, cg, mg or ft; class: S or W\n");
    exit(1);
}

int main(int argc, char *argv[])
{
    FILE *fp;
    char bench[8], cls;
    int np, i;
    char date[32];
    time_t now = time(NULL);

    if (argc != 4)
        usage();
    strncpy(bench, argv[1], sizeof bench - 1);
    bench[sizeof bench - 1] = 0;
    for (i = 0; bench[i]; i++)
        bench[i] = (char) tolower((unsigned char) bench[i]);
    cls = (char) toupper((unsigned char) argv[2][0]);
    np = atoi(argv[3]);
    if ((cls != 'S' && cls != 'W') || np < 1) {
        fprintf(stderr, "setparams: class must be S or W, nthreads at least 1\n");
        usage();
    }
    strftime(date, sizeof date, "%d %b %Y", gmtime(&now));

    fp = fopen(FILENAME, "w");
    if (fp == NULL) {
        perror("setparams: " FILENAME);
        exit(1);
    }
    fprintf(fp, "/* CLASS = %c */\n", cls);
    fprintf(fp, "/*\n   This file is generated automatically by the setparams utility.\n"
                "   It sets the number of threads and the class of the NPB\n"
                "   in this directory. Do not modify it by hand.\n*/\n");
    fprintf(fp, "#define CLASS '%c'\n", cls);
    fprintf(fp, "#define NUM_PROCS %d\n", np);
    if (strcmp(bench, "ep") == 0) {
        fprintf(fp, "#define M %d\n", cls == 'S' ? 16 : 18);
    } else if (strcmp(bench, "is") == 0) {
        fprintf(fp, "#define TOTAL_KEYS_LOG_2 %d\n", cls == 'S' ? 16 : 18);
        fprintf(fp, "#define MAX_KEY_LOG_2 %d\n", cls == 'S' ? 11 : 14);
        fprintf(fp, "#define NUM_BUCKETS_LOG_2 %d\n", cls == 'S' ? 9 : 10);
    } else if (strcmp(bench, "cg") == 0) {
        fprintf(fp, "#define NGRID %d\n", cls == 'S' ? 16 : 32);
        fprintf(fp, "#define NA (NGRID*NGRID)\n");
        fprintf(fp, "#define NITER %d\n", cls == 'S' ? 5 : 8);
        fprintf(fp, "#define SHIFT %d.0\n", cls == 'S' ? 10 : 12);
        fprintf(fp, "#define CGITMAX 25\n");
    } else if (strcmp(bench, "mg") == 0) {
        fprintf(fp, "#define NX %d\n", cls == 'S' ? 8 : 16);
        fprintf(fp, "#define NY NX\n");
        fprintf(fp, "#define NZ_PER_THREAD %d\n", cls == 'S' ? 4 : 8);
        fprintf(fp, "#define NIT %d\n", cls == 'S' ? 4 : 10);
    } else if (strcmp(bench, "ft") == 0) {
        fprintf(fp, "#define NX %d\n", cls == 'S' ? 16 : 32);
        fprintf(fp, "#define NY NX\n");
        fprintf(fp, "#define NITER_DEFAULT %d\n", cls == 'S' ? 4 : 6);
    } else {
        fprintf(stderr, "setparams: unknown benchmark %s\n", bench);
        fclose(fp);
        remove(FILENAME);
        usage();
    }
    fprintf(fp, "#define COMPILETIME \"%s\"\n", date);
    fprintf(fp, "#define NPBVERSION \"%s\"\n", VERSION);
    fprintf(fp, "#define CS1 \"upcc\"\n");
    fprintf(fp, "#define CS2 \"$(UPCC)\"\n");
    fprintf(fp, "#define CS3 \"-lm\"\n");
    fprintf(fp, "#define CS4 \"-I../common\"\n");
    fprintf(fp, "#define CS5 \"-O2 -T %d\"\n", np);
    fprintf(fp, "#define CS6 \"-T %d\"\n", np);
    fprintf(fp, "#define CS7 \"randdp\"\n");
    fclose(fp);
    return 0;
}
