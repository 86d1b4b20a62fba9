/* upc-check-test
 * expect: invalid-argument
 * line: 19
 * threads: 2 3 4 8
 */
/* Error: the exchange destination is allocated with upc_all_alloc for THREADS-1 messages per thread (the sender forgot its own slot), one message short of what upc_all_exchange writes */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define MSG 8

int main(void)
{
    shared char *src = (shared char *) upc_all_alloc(THREADS, THREADS * MSG);
    shared char *dst = (shared char *) upc_all_alloc(THREADS, (THREADS - 1) * MSG);
    int i;
    for (i = 0; i < THREADS * MSG; i++) src[MYTHREAD + i * THREADS] = (char) MYTHREAD;
    upc_all_exchange(dst, src, MSG, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("exchanged\n");
    upc_barrier;
    if (MYTHREAD == 0) { upc_free(src); upc_free(dst); }
    return 0;
}
