/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of struct_same_member_err.upc: the threads write different members */
#include <upc.h>
#include <stdio.h>

struct point { int x; int y; };
shared struct point pt;

int main(void)
{
    if (MYTHREAD == 0)
        pt.x = 1;
    if (MYTHREAD == 1)
        pt.y = 2;
    upc_barrier;
    if (MYTHREAD == 0) printf("%d %d\n", pt.x, pt.y);
    return 0;
}
