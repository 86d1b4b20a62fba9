/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of atomic_flag_relaxed_err.upc: strict atomic operations order the data (release on the set, acquire on the get) */
#include <upc.h>
#include <upc_atomic.h>
#include <stdio.h>

shared int flag;
shared double payload[THREADS];

int main(void)
{
    upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(UPC_INT, UPC_GET | UPC_SET, 0);
    int one = 1, seen = 0;
    double got = 0;
    if (MYTHREAD == 0) {
        payload[0] = 2.5;
        upc_atomic_strict(d, NULL, UPC_SET, &flag, &one, NULL);
    } else if (MYTHREAD == 1) {
        while (!seen)
            upc_atomic_strict(d, &seen, UPC_GET, &flag, NULL, NULL);
        got = payload[0];
    }
    upc_barrier;
    if (MYTHREAD == 1) printf("%g\n", got);
    upc_all_atomicdomain_free(d);
    return 0;
}
