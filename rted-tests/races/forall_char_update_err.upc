/* upc-check-test
 * expect: data-race
 * line: 20 23
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: forall_char_update_err.upc:20 and forall_char_update_err.upc:23
 */
/* A upc_forall increments the characters of each thread's block while thread 0 reads one
 * of thread 1's before the barrier */
#include <upc.h>
#include <stdio.h>

#define B 6
shared [B] char c[B * THREADS];

int main(void)
{
    int i, seen = 0;
    upc_forall (i = 0; i < B * THREADS; i++; &c[i])
        c[i] += (char)i;
    if (MYTHREAD == 0) {
        for (int k = 0; k < 1000; k++) seen += k & 1;
        seen += c[B + 2];
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("%d\n", seen);
    return 0;
}
