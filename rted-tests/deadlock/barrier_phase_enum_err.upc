/* upc-check-test
 * expect: barrier-value-mismatch
 * line: 14 24
 * threads: 2 4 8
 */
/* Error: phases are named by an enum and each barrier carries its phase; the output helper, pasted from the input helper, still says PH_READ, so the thread that writes the output (thread 0) arrives with another value than the others */
#include <upc.h>
#include <stdio.h>

enum phase { PH_READ = 1, PH_SOLVE, PH_WRITE };

shared int data[THREADS];

static void end_phase(enum phase p) { upc_barrier p; }

static void read_input(void) { data[MYTHREAD] = MYTHREAD; end_phase(PH_READ); }

static void solve(void) { data[MYTHREAD] *= 2; end_phase(PH_SOLVE); }

static void write_output(void)
{
    if (MYTHREAD == 0)
        printf("data[0] = %d\n", data[0]);
    end_phase(PH_READ);
}

static void skip_output(void) { end_phase(PH_WRITE); }

int main(void)
{
    read_input();
    solve();
    if (MYTHREAD == 0)
        write_output();
    else
        skip_output();
    return 0;
}
