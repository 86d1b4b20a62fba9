/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct: the "publish" handler only stores the value inside the upc_forall; all threads call upc_all_broadcast after the loop */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define TASKS_PER 3
enum { T_SCALE, T_SHIFT, T_PUBLISH };

shared double data[TASKS_PER * THREADS];
shared double params[THREADS];
shared double param0;

static void do_scale(int i)   { data[i] *= 2.0; }
static void do_shift(int i)   { data[i] += 1.0; }
static void do_publish(int i)
{
    param0 = data[i];           /* runs on the thread with affinity to data[i] */
}

static void publish_all(void)
{
    upc_all_broadcast(params, &param0, sizeof(double), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
}

typedef void (*handler_t)(int);
static handler_t handlers[] = { do_scale, do_shift, do_publish };

static int task_kind(int i, int phase)
{
    /* the publish task only appears in the last phase */
    if (phase == 1 && i == 0) return T_PUBLISH;
    return i % 2 ? T_SHIFT : T_SCALE;
}

int main(void)
{
    int i, phase;
    upc_forall (i = 0; i < TASKS_PER * THREADS; i++; &data[i])
        data[i] = i;
    upc_barrier;
    for (phase = 0; phase < 2; phase++) {
        upc_forall (i = 0; i < TASKS_PER * THREADS; i++; &data[i])
            handlers[task_kind(i, phase)](i);
        if (phase == 1)
            publish_all();
        upc_barrier;
    }
    if (MYTHREAD == 0) printf("params[0] = %g\n", params[0]);
    return 0;
}
