/* upc-check-test
 * expect: single-valued-mismatch
 * line: 40
 * threads: 2 4 8
 */
/* Error: every thread reads the block size from its node-local configuration; the last thread's configuration lacks the key, so it falls back to the default and passes a different nbytes to upc_all_alloc */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_BLOCK 64

static void node_config(char *buf, size_t len)
{
    if (MYTHREAD == THREADS - 1)
        snprintf(buf, len, "verbose=0\n");                  /* an older file */
    else
        snprintf(buf, len, "verbose=0\nblocksize=128\n");
}

static size_t config_size(const char *cfg, const char *key, size_t dflt)
{
    const char *p = strstr(cfg, key);
    if (p == NULL) return dflt;
    return (size_t) strtoul(p + strlen(key) + 1, NULL, 10);
}

typedef shared [] char *buf_t;

int main(void)
{
    char cfg[128];
    size_t blk;
    shared void *space;
    buf_t mine;

    node_config(cfg, sizeof cfg);
    blk = config_size(cfg, "blocksize", DEFAULT_BLOCK);
    space = upc_all_alloc(THREADS, blk);
    mine = (buf_t) ((shared char *) space + MYTHREAD);
    mine[0] = (char) ('a' + MYTHREAD);
    upc_barrier;
    if (MYTHREAD == 0) printf("blk = %lu\n", (unsigned long) blk);
    upc_barrier;
    if (MYTHREAD == 0) upc_free(space);
    return 0;
}
