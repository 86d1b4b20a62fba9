/* UPC 1.3 library headers used the way portable code does: upc_op_t and
 * upc_type_t kept in variables and tables, passed to a helper that picks the
 * reduction; <upc_nb.h> transfers with explicit handles retired by
 * upc_sync_attempt polling, implicit ones retired by upc_synci_attempt, and a
 * upc_memset_nb. */
#include <upc.h>
#include <upc_types.h>
#include <upc_nb.h>
#include <upc_collective.h>
#include <stdio.h>
#include <string.h>

#define B 32

shared [B] long data[B * THREADS];
shared [B] long copy[B * THREADS];
shared long in[THREADS];
shared long out;
shared [B] char zeroed[B * THREADS];

struct opdesc {
    const char *name;
    upc_op_t op;
    upc_type_t type;
};

static const struct opdesc ops[] = {
    { "UPC_ADD", UPC_ADD, UPC_LONG },
    { "UPC_MAX", UPC_MAX, UPC_LONG },
    { "UPC_MIN", UPC_MIN, UPC_LONG },
    { "UPC_XOR", UPC_XOR, UPC_LONG },
    { "UPC_OR",  UPC_OR,  UPC_LONG },
};

static long reduce_with(upc_op_t op)
{
    upc_flag_t flags = UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC;
    upc_all_reduceL(&out, in, op, THREADS, 1, NULL, flags);
    return out;
}

static long expected(upc_op_t op)
{
    long acc = 0;
    int t;
    for (t = 0; t < THREADS; t++) {
        long v = 3 * t + 1;
        if (t == 0) { acc = v; continue; }
        switch (op) {
        case UPC_ADD: acc += v; break;
        case UPC_MAX: acc = v > acc ? v : acc; break;
        case UPC_MIN: acc = v < acc ? v : acc; break;
        case UPC_XOR: acc ^= v; break;
        case UPC_OR:  acc |= v; break;
        }
    }
    return acc;
}

int main(void)
{
    unsigned k;
    int i, polls = 0, bad = 0;
    long buf[B];
    upc_handle_t hget, hput, hset;

    in[MYTHREAD] = 3 * MYTHREAD + 1;
    for (i = 0; i < B; i++)
        data[MYTHREAD * B + i] = MYTHREAD * 1000 + i;
    upc_barrier;

    for (k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        upc_op_t op = ops[k].op;
        long r = reduce_with(op);
        if (MYTHREAD == 0)
            printf("%-8s type %d: %s\n", ops[k].name, ops[k].type,
                   r == expected(op) ? "ok" : "WRONG");
    }

    /* explicit handles: fetch the right neighbour's block, put it into my copy block */
    hget = upc_memget_nb(buf, &data[((MYTHREAD + 1) % THREADS) * B], sizeof buf);
    hset = upc_memset_nb(&zeroed[MYTHREAD * B], 0, B);
    while (!upc_sync_attempt(hget))
        polls++;
    hput = upc_memput_nb(&copy[MYTHREAD * B], buf, sizeof buf);
    upc_sync(hput);
    upc_sync(hset);
    upc_barrier;
    for (i = 0; i < B; i++)
        if (copy[MYTHREAD * B + i] != ((MYTHREAD + 1) % THREADS) * 1000 + i || zeroed[MYTHREAD * B + i])
            bad++;

    /* implicit handles */
    upc_barrier;
    upc_memcpy_nbi(&copy[MYTHREAD * B], &data[MYTHREAD * B], B * sizeof(long));
    while (!upc_synci_attempt())
        ;
    upc_barrier;
    for (i = 0; i < B; i++)
        if (copy[MYTHREAD * B + i] != data[MYTHREAD * B + i])
            bad++;
    in[MYTHREAD] = bad;
    upc_barrier;
    {
        long total = reduce_with(UPC_ADD);
        if (MYTHREAD == 0)
            printf("non-blocking transfers on %d threads: %s\n", THREADS, total ? "FAILED" : "ok");
    }
    (void)polls;
    return 0;
}
