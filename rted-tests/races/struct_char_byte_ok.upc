/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of struct_char_byte_err.upc: thread 0 reads the neighbouring character, not the
   one thread 1 patches. */
#include <upc.h>
#include <stdio.h>

struct rec { int id; char name[12]; short tag; };
shared struct rec r0;

int main(void)
{
    char c = 0;
    if (MYTHREAD == 0) {
        int k;
        for (k = 0; k < 11; k++) r0.name[k] = 'a' + k;
        r0.name[11] = 0;
    }
    upc_barrier;
    if (MYTHREAD == 1)
        r0.name[5] = 'X';
    if (MYTHREAD == 0)
        c = r0.name[4] + r0.name[6];
    upc_barrier;
    if (MYTHREAD == 0) printf("%d\n", c);
    return 0;
}
