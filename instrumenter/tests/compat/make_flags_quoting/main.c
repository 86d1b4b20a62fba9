/* a UPC program in a .c file, compiled with -x upc */
#include <upc.h>
#include <stdio.h>
#include <string.h>
#include <sysdefs.h>
#include "local.h"

extern shared long kernel_sum[THREADS];
long run_kernel(void);

int main(void)
{
    long total = run_kernel();
    if (MYTHREAD == 0) {
        printf("GREETING=%s\n", GREETING);
        printf("EXPR=%d TITLE=%s\n", EXPR, TITLE);
        printf("EMPTY=[%s] FLAG=%d PRELUDE=%d SQUARE(5)=%d\n", "" EMPTY "", FLAG, PRELUDE_SEEN,
               SQUARE(5));
        printf("FROM_RSP=%d RSP_STR=%s NESTED=%d\n", FROM_RSP, RSP_STR, NESTED);
        printf("%s limit %d, kernel total %s\n", LOCAL_HEADER, SYS_LIMIT,
               total == (long)THREADS * (THREADS + 1) / 2 * EXPR ? "ok" : "WRONG");
    }
    (void)sys_unused_helper;
    return 0;
}
