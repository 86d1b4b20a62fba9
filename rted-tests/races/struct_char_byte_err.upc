/* upc-check-test
 * expect: data-race
 * line: 26 28
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: struct_char_byte_err.upc:26 and struct_char_byte_err.upc:28
 */
/* A shared record with a name in a char array: thread 1 patches one character of it
   while thread 0 prints the name. */
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
        c = r0.name[5];
    upc_barrier;
    if (MYTHREAD == 0) printf("%c\n", c);
    return 0;
}
