/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of nb_sync_wrong_handle_err.upc: the second get is completed and its buffer
   used first, then the first get, each buffer read after its own upc_sync. */
#include <upc.h>
#include <upc_nb.h>
#include <stdio.h>

#define B 8
shared [B] int left_src[B * THREADS];
shared [B] int right_src[B * THREADS];

int main(void)
{
    int lbuf[B], rbuf[B], k, s = 0;
    upc_handle_t hl, hr;
    for (k = 0; k < B; k++) {
        left_src[MYTHREAD * B + k] = k;
        right_src[MYTHREAD * B + k] = -k;
    }
    upc_barrier;
    hl = upc_memget_nb(lbuf, &left_src[((MYTHREAD + THREADS - 1) % THREADS) * B], sizeof lbuf);
    hr = upc_memget_nb(rbuf, &right_src[((MYTHREAD + 1) % THREADS) * B], sizeof rbuf);
    upc_sync(hr);
    for (k = 0; k < B; k++)
        s += rbuf[k];
    upc_sync(hl);
    for (k = 0; k < B; k++)
        s += lbuf[k];
    upc_barrier;
    printf("%d: %d\n", MYTHREAD, s);
    return 0;
}
