/* upc-check-test
 * expect: invalid-argument
 * line: 25
 * threads: 2 4 8
 * value: n = 24
 * report: private buffer too small: the declared array holds 16 bytes from there, but 24 bytes are transferred
 */
/* Error: upc_memput sends 6 values starting at &out[4] of an 8-element array: the source runs past the array */
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
    upc_memput(&mailbox[8 * ((MYTHREAD + 1) % THREADS)], &out[4], k * sizeof(int));
    upc_barrier;
    printf("thread %d: mailbox %d\n", MYTHREAD, mailbox[8 * MYTHREAD]);
    return 0;
}
