/* upc-check-test
 * expect: invalid-argument
 * line: 20
 * threads: 2 4 8
 * report: private buffer too small
 */
/* Error: a thread without a name stores the default "anon" with the size of a whole name slot, reading past the end of the string literal */
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
        upc_memput(&names[t * NAMELEN], "anon", NAMELEN);
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
