/* Harness style: each thread forks helper processes (a command that fails to start,
 * a child that computes and exits) and waits for them; the children's exit() ends the
 * child process only, never the UPC thread. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/wait.h>

shared int status_seen[THREADS];

static int run_child(int code)
{
    int st = -1;
    pid_t pid = fork();
    if (pid < 0) {
        perror("fork");
        return -1;
    }
    if (pid == 0) {
        if (code < 0) {
            execlp("/nonexistent/command/for/upc", "x", (char *)NULL);
            exit(127);              /* exec failed: the usual way out */
        }
        exit(code);
    }
    if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
        return -1;
    return WEXITSTATUS(st);
}

int main(void)
{
    int a = run_child(MYTHREAD % 5);
    int b = run_child(-1);
    status_seen[MYTHREAD] = (a == MYTHREAD % 5 && b == 127);
    upc_barrier;
    if (MYTHREAD == 0) {
        int i, ok = 1;
        for (i = 0; i < THREADS; i++)
            ok &= status_seen[i];
        printf("%s\n", ok ? "PASS" : "FAIL");
    }
    return 0;
}
