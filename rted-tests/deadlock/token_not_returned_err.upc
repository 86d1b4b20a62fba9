/* upc-check-test
 * expect: lock-chain-finished
 * line: 14 34
 * threads: 2 4 8
 */
/* Error: thread 0 takes the I/O token in acquire_token() and, with nothing to write, leaves main without release_token(); the others wait for the token forever */
#include <upc.h>
#include <stdio.h>

upc_lock_t *shared token;
shared int written;
strict shared int started;

static void acquire_token(void) { upc_lock(token); }
static void release_token(void) { upc_unlock(token); }

static int write_part(int n)
{
    acquire_token();
    started = 1;
    if (n == 0)
        return 0;
    written += n;
    release_token();
    return n;
}

int main(void)
{
    if (MYTHREAD == 0)
        token = upc_global_lock_alloc();
    upc_barrier;
    if (MYTHREAD == 0)
        return write_part(0);
    while (!started)
        ;
    write_part(MYTHREAD);
    return 0;
}
