/* upc-check-test
 * expect: invalid-argument
 * line: 27
 * threads: 2 4
 * value: n = 264
 */
/* Error: a halo "transport" chosen at start-up is a function pointer to upc_memput; the message size counts the ghost row as well (NX + 1 doubles per row, 33 of them), one row longer than the receiving block */
#include <upc.h>
#include <stdio.h>
#include <string.h>

#define NX 32
#define ROWS 1

typedef void (*transport_t)(shared void *, const void *, size_t);

shared [NX] double halo[NX * THREADS];
static transport_t send_row;

static size_t row_bytes(int with_ghost)
{
    return (NX + with_ghost) * sizeof(double);
}

static void transport_init(void)
{
    send_row = upc_memput;
}

int main(void)
{
    double row[NX + 1];
    int i, right = (MYTHREAD + 1) % THREADS;
    transport_init();
    for (i = 0; i <= NX; i++)
        row[i] = MYTHREAD + 0.01 * i;
    upc_barrier;
    send_row(&halo[right * NX], row, row_bytes(1));
    upc_barrier;
    if (MYTHREAD == 0) printf("halo[1] = %.2f\n", halo[1]);
    return 0;
}
