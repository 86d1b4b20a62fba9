/*
 * osu_upc_memput_latency / osu_upc_memget_latency style test: thread 0 puts
 * (and gets) messages of increasing size to the last thread and reports the
 * average time per operation.  The data that arrives is checked.
 */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#define MESSAGE_ALIGNMENT 64
#define MAX_MSG_SIZE (1<<12)
#define SKIP 5
#define LOOP 20

#define HEADER "# OSU UPC MemPut Latency Test"
#define FIELD_WIDTH 20
#define FLOAT_PRECISION 2

shared [] char *shared remote_buf;
shared int data_errors;

static double getMicrosecondTimeStamp()
{
    double retval;
    struct timeval tv;
    if (gettimeofday(&tv, NULL)) {
        perror("gettimeofday");
        abort();
    }
    retval = ((double)tv.tv_sec) * 1000000 + tv.tv_usec;
    return retval;
}

int main(int argc, char **argv)
{
    int size, i;
    double t_start = 0.0, t_end = 0.0;
    char *local_buf;
    int peer = THREADS - 1;

    if (MYTHREAD == peer)
        remote_buf = (shared [] char *) upc_alloc(MAX_MSG_SIZE + MESSAGE_ALIGNMENT);
    local_buf = (char *) malloc(MAX_MSG_SIZE + MESSAGE_ALIGNMENT);
    if (local_buf == NULL) {
        fprintf(stderr, "malloc failed\n");
        exit(1);
    }
    memset(local_buf, 'a', MAX_MSG_SIZE);
    if (MYTHREAD == 0) {
        data_errors = 0;
        fprintf(stdout, HEADER "\n");
        fprintf(stdout, "%-*s%*s\n", 10, "# Size", FIELD_WIDTH, "Latency (us)");
        fflush(stdout);
    }
    upc_barrier;

    for (size = 1; size <= MAX_MSG_SIZE; size *= 2) {
        if (MYTHREAD == 0) {
            for (i = 0; i < LOOP + SKIP; i++) {
                if (i == SKIP)
                    t_start = getMicrosecondTimeStamp();
                local_buf[0] = (char) ('A' + (i + size) % 26);
                upc_memput(remote_buf, local_buf, size);
            }
            t_end = getMicrosecondTimeStamp();
            fprintf(stdout, "%-*d%*.*f\n", 10, size, FIELD_WIDTH, FLOAT_PRECISION,
                    (t_end - t_start) / LOOP);
            fflush(stdout);
        }
        upc_barrier;
        if (MYTHREAD == peer) {
            /* the last put of this size is visible after the barrier */
            char *mine = (char *) remote_buf;
            if (mine[0] != (char) ('A' + (LOOP + SKIP - 1 + size) % 26))
                data_errors++;
            for (i = 1; i < size; i++)
                if (mine[i] != 'a') {
                    data_errors++;
                    break;
                }
        }
        upc_barrier;
    }

    if (MYTHREAD == 0) {
        fprintf(stdout, "# OSU UPC MemGet Latency Test\n");
        memset(local_buf, 0, MAX_MSG_SIZE);
    }
    upc_barrier;
    for (size = 1; size <= MAX_MSG_SIZE; size *= 2) {
        if (MYTHREAD == 0) {
            t_start = getMicrosecondTimeStamp();
            for (i = 0; i < LOOP; i++)
                upc_memget(local_buf, remote_buf, size);
            t_end = getMicrosecondTimeStamp();
            if (local_buf[size - 1] != 'a' && size > 1)
                data_errors++;
            fprintf(stdout, "%-*d%*.*f\n", 10, size, FIELD_WIDTH, FLOAT_PRECISION,
                    (t_end - t_start) / LOOP);
        }
        upc_barrier;
    }
    if (MYTHREAD == 0)
        printf("# data check: %s\n", data_errors == 0 ? "passed" : "FAILED");
    upc_barrier;
    if (MYTHREAD == peer)
        upc_free(remote_buf);
    free(local_buf);
    return 0;
}
