/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Work handed over through a lock-protected stack: the producer fills an item outside the
   lock and pushes its index under it; a consumer pops the index under the lock and then
   reads the item outside it. */
#include <upc.h>
#include <stdio.h>

#define N 16
shared [] double item[N];
shared [] int stack[N];
shared int top;

int main(void)
{
    upc_lock_t *l = upc_all_lock_alloc();
    int k, got = 0;
    double s = 0;
    if (MYTHREAD == 0) {
        for (k = 0; k < N; k++) {
            item[k] = k * 1.5;
            upc_lock(l);
            stack[top] = k;
            top = top + 1;
            upc_unlock(l);
        }
    } else {
        while (got < 1) {
            int idx = -1;
            upc_lock(l);
            if (top > 0) {
                idx = stack[top - 1];
                top = top - 1;
            }
            upc_unlock(l);
            if (idx >= 0) {
                s += item[idx];
                got++;
            }
        }
    }
    upc_barrier;
    if (MYTHREAD == 1) printf("%g\n", s);
    return 0;
}
