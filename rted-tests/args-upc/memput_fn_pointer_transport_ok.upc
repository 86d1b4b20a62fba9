/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of memput_fn_pointer_transport_err.upc: the row sent through the transport function pointer has NX doubles, the size of the receiving block */
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
    send_row(&halo[right * NX], row, row_bytes(0));
    upc_barrier;
    if (MYTHREAD == 0) printf("halo[1] = %.2f\n", halo[1]);
    return 0;
}
