/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: the default name is stored with the size of the string literal */
#include <upc.h>
#include <stdio.h>
#include <string.h>

#define NAMELEN 16
shared [NAMELEN] char names[NAMELEN * THREADS];

static void set_name(int t, const char *given)
{
    if (given)
        upc_memput(&names[t * NAMELEN], given, strlen(given) + 1);
    else
        upc_memput(&names[t * NAMELEN], "anon", sizeof "anon");
}

int main(void)
{
    char mine[NAMELEN];
    sprintf(mine, "worker%d", MYTHREAD);
    set_name(MYTHREAD, MYTHREAD == THREADS - 1 ? NULL : mine);
    upc_barrier;
    if (MYTHREAD == 0)
        printf("%c\n", names[(THREADS - 1) * NAMELEN]);
    return 0;
}
