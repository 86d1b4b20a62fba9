/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of forall_char_update_err.upc: thread 0 reads thread 1's character after the
 * barrier that ends the upc_forall */
#include <upc.h>
#include <stdio.h>

#define B 6
shared [B] char c[B * THREADS];

int main(void)
{
    int i, seen = 0;
    upc_forall (i = 0; i < B * THREADS; i++; &c[i])
        c[i] += (char)i;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (int k = 0; k < 1000; k++) seen += k & 1;
        seen += c[B + 2];
    }
    if (MYTHREAD == 0) printf("%d\n", seen);
    return 0;
}
