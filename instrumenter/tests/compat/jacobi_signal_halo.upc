/* 1-D Jacobi relaxation whose halo exchange uses Berkeley UPC's signaling puts instead of
 * barriers, as in Berkeley's "point-to-point synchronization" examples: each thread pushes
 * its edge cells into its neighbours' ghost slots with bupc_memput_signal_async (one slot per
 * step parity, so a fast neighbour never overwrites a ghost value still to be read) and waits
 * on its own semaphores; a second semaphore pair returns the slot.  Only the final
 * reduction uses a collective. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define CELLS 32
#define STEPS 60

typedef struct {
    double left[2], right[2]; /* ghost cells, by step parity */
} ghosts_t;

shared ghosts_t ghost[THREADS];
bupc_sem_t *shared from_left[THREADS], *shared from_right[THREADS];
bupc_sem_t *shared free_left[THREADS], *shared free_right[THREADS];
shared double local_sum[THREADS], total;

int main(void)
{
    int me = MYTHREAD, L = (me + THREADS - 1) % THREADS, R = (me + 1) % THREADS;
    double u[CELLS + 2], v[CELLS + 2];
    int s, k;
    for (k = 1; k <= CELLS; k++)
        u[k] = (me * CELLS + k - 1) % 7 == 0 ? 70.0 : 0.0;
    from_left[me] = bupc_sem_alloc(BUPC_SEM_INTEGER | BUPC_SEM_SPRODUCER | BUPC_SEM_SCONSUMER);
    from_right[me] = bupc_sem_alloc(BUPC_SEM_INTEGER | BUPC_SEM_SPRODUCER | BUPC_SEM_SCONSUMER);
    free_left[me] = bupc_sem_alloc(BUPC_SEM_INTEGER);
    free_right[me] = bupc_sem_alloc(BUPC_SEM_INTEGER);
    /* both parity slots of my neighbours' ghosts start free */
    bupc_sem_postN(free_left[me], 2);
    bupc_sem_postN(free_right[me], 2);
    upc_barrier;

    for (s = 0; s < STEPS; s++) {
        int p = s & 1;
        /* my first cell goes to the left neighbour's right ghost, my last to the right
         * neighbour's left ghost */
        bupc_sem_wait(free_left[me]);
        bupc_memput_signal_async(&ghost[L].right[p] /* affinity L */, &u[1], sizeof(double),
                                 from_right[L], 1);
        bupc_sem_wait(free_right[me]);
        bupc_memput_signal_async(&ghost[R].left[p], &u[CELLS], sizeof(double), from_left[R], 1);
        bupc_sem_wait(from_left[me]);
        bupc_sem_wait(from_right[me]);
        u[0] = ghost[me].left[p];
        u[CELLS + 1] = ghost[me].right[p];
        /* the slots are read: hand them back to the neighbours that fill them */
        bupc_sem_post(free_right[L]);
        bupc_sem_post(free_left[R]);
        for (k = 1; k <= CELLS; k++)
            v[k] = 0.5 * u[k] + 0.25 * (u[k - 1] + u[k + 1]);
        for (k = 1; k <= CELLS; k++)
            u[k] = v[k];
    }
    double sum = 0;
    for (k = 1; k <= CELLS; k++)
        sum += u[k];
    local_sum[me] = sum;
    upc_all_reduceD(&total, local_sum, UPC_ADD, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (me == 0) {
        double want = 0;
        for (k = 0; k < CELLS * THREADS; k++)
            want += k % 7 == 0 ? 70.0 : 0.0;
        double rel = (total - want) / want;
        printf("steps %d: heat conserved %s\n", STEPS, rel < 1e-12 && rel > -1e-12 ? "yes" : "NO");
    }
    upc_barrier;
    bupc_sem_free(from_left[me]);
    bupc_sem_free(from_right[me]);
    bupc_sem_free(free_left[me]);
    bupc_sem_free(free_right[me]);
    return 0;
}
