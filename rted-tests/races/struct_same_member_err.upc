/* upc-check-test
 * expect: data-race
 * line: 18 20
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: struct_same_member_err.upc:18 and struct_same_member_err.upc:20
 */
/* Two threads write the same member of a shared structure */
#include <upc.h>
#include <stdio.h>

struct point { int x; int y; };
shared struct point pt;

int main(void)
{
    if (MYTHREAD == 0)
        pt.x = 1;
    if (MYTHREAD == 1)
        pt.x = 2;
    upc_barrier;
    return 0;
}
