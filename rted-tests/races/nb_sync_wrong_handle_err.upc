/* upc-check-test
 * expect: data-race
 * line: 27 31
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: nb_sync_wrong_handle_err.upc:27 and nb_sync_wrong_handle_err.upc:31
 */
/* Two non-blocking gets in flight: the program completes the second handle and then reads the
   buffer of the first, which is still in flight. */
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
        s += rbuf[k] + lbuf[k];
    upc_sync(hl);
    upc_barrier;
    printf("%d: %d\n", MYTHREAD, s);
    return 0;
}
