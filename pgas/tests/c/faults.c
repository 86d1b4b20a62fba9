/* Job-ending situations, chosen by argv[1]:
 *   kill        thread 1 is killed with SIGKILL while the others wait at a barrier
 *   segv        thread THREADS-1 dereferences a null pointer
 *   global_exit thread 1 calls upc_global_exit(7) while the others wait at a barrier
 *   value       barrier value mismatch (thread 0 gives 1, the others 2)
 *   exit_early  thread 1 calls _exit(5) (bypassing the end of the program)
 *   end_vs_barrier thread 0 ends while the others wait at an anonymous barrier
 *   double_notify  upc_notify twice
 *   hang        every thread waits at a barrier that thread 0 never reaches (for SIGINT/SIGQUIT)
 *   pidfile     write every thread's number and pid to argv[2] (one line each), then hang
 */
#include "capi.h"
#include <signal.h>

UPC_MAIN(0)

static int user_main(int argc, char **argv, char **envp)
{
    (void)envp;
    const char *what = argc > 1 ? argv[1] : "";
    upcr_barrier(0, 0);
    if (!strcmp(what, "kill")) {
        if (MYTHREAD == 1) {
            usleep(100000);
            kill(getpid(), SIGKILL);
        }
        upcr_barrier(0, 0);
    } else if (!strcmp(what, "segv")) {
        if (MYTHREAD == THREADS - 1)
            *(volatile int *)(argv[0] - (long)argv[0]) = 1;
        upcr_barrier(0, 0);
    } else if (!strcmp(what, "global_exit")) {
        if (MYTHREAD == 1) {
            printf("thread 1 calls upc_global_exit\n");
            upc_global_exit(7);
        }
        upcr_barrier(0, 0);
        printf("must not be reached\n");
    } else if (!strcmp(what, "value")) {
        upcr_barrier(1, MYTHREAD == 0 ? 1 : 2);
    } else if (!strcmp(what, "exit_early")) {
        if (MYTHREAD == 1)
            _exit(5);
        upcr_barrier(0, 0);
    } else if (!strcmp(what, "end_vs_barrier")) {
        if (MYTHREAD != 0)
            upcr_barrier(0, 0);
    } else if (!strcmp(what, "double_notify")) {
        upcr_notify(0, 0);
        upcr_notify(0, 0);
    } else if (!strcmp(what, "hang")) {
        if (MYTHREAD == 0)
            pause();
        upcr_barrier(0, 0);
    } else if (!strcmp(what, "pidfile")) {
        FILE *f = fopen(argv[2], "a");
        fprintf(f, "%d %d\n", MYTHREAD, (int)getpid());
        fclose(f);
        upcr_barrier(0, 0);
        if (MYTHREAD == 0)
            pause();
        upcr_barrier(0, 0);
    }
    return 0;
}
