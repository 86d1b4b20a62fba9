/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of memput_array_offset_too_small_err.upc: the last k values of the array are sent */
#include <upc.h>
#include <stdio.h>

shared [8] int mailbox[8 * THREADS];
shared int send_count;

int main(void)
{
    int out[8];
    int i, k;
    for (i = 0; i < 8; i++)
        out[i] = MYTHREAD * 100 + i;
    if (MYTHREAD == 0)
        send_count = 6;
    upc_barrier;
    k = send_count;
    upc_memput(&mailbox[8 * ((MYTHREAD + 1) % THREADS)], &out[8 - k], k * sizeof(int));
    upc_barrier;
    printf("thread %d: mailbox %d\n", MYTHREAD, mailbox[8 * MYTHREAD]);
    return 0;
}
