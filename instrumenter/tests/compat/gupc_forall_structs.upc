/*
 * Written for GUPC (`gupc -fupc-threads=N`): particles in a `shared [*]`
 * array of structures (one contiguous block per thread), upc_forall loops
 * with a pointer affinity `&p[i]` and with an integer affinity, a struct
 * assigned whole through a pointer-to-shared, and the block size and the
 * local size queried with upc_blocksizeof / upc_localsizeof.  Every particle
 * moves the same way whatever the thread count, so the result does not
 * depend on it.
 */
#include <upc_relaxed.h>
#include <stdio.h>
#include <math.h>

#define PER_THREAD 16

typedef struct {
    double x, y;
    double vx, vy;
    int id;
    int bounces;
} particle_t;

shared [*] particle_t p[PER_THREAD * THREADS];
shared [*] double energy[THREADS];
shared [*] int bounce_count[THREADS];

static void step(particle_t *q, double dt)
{
    q->x += q->vx * dt;
    q->y += q->vy * dt;
    if (q->x < 0 || q->x > 1) { q->vx = -q->vx; q->x = q->x < 0 ? -q->x : 2 - q->x; q->bounces++; }
    if (q->y < 0 || q->y > 1) { q->vy = -q->vy; q->y = q->y < 0 ? -q->y : 2 - q->y; q->bounces++; }
}

int main(void)
{
    int i, s;

    if (upc_blocksizeof(p) != PER_THREAD || upc_localsizeof(p) != PER_THREAD * sizeof(particle_t))
        printf("thread %d: unexpected layout\n", MYTHREAD);

    upc_forall (i = 0; i < PER_THREAD * THREADS; i++; &p[i]) {
        particle_t q;
        int k = i % PER_THREAD;
        q.id = k;
        q.x = (k + 0.5) / PER_THREAD;
        q.y = 0.5;
        q.vx = 0.37 * cos(k);
        q.vy = 0.29 * sin(k);
        q.bounces = 0;
        p[i] = q;                    /* a whole structure into shared memory */
    }
    upc_barrier;

    for (s = 0; s < 50; s++) {
        upc_forall (i = 0; i < PER_THREAD * THREADS; i++; &p[i]) {
            particle_t q = p[i];
            step(&q, 0.1);
            p[i] = q;
        }
    }

    /* per-thread sums: integer affinity, thread t takes the block of t */
    upc_forall (i = 0; i < THREADS; i++; i) {
        double e = 0;
        int b = 0, k;
        for (k = 0; k < PER_THREAD; k++) {
            shared [PER_THREAD] particle_t *q = &p[i * PER_THREAD + k];
            e += 0.5 * (q->vx * q->vx + q->vy * q->vy);
            b += q->bounces;
        }
        energy[i] = e;
        bounce_count[i] = b;
    }
    upc_barrier;

    if (MYTHREAD == 0) {
        int same = 1;
        for (i = 1; i < THREADS; i++)
            same &= energy[i] == energy[0] && bounce_count[i] == bounce_count[0];
        printf("block %d particles: energy %.9f, bounces %d\n", PER_THREAD, energy[0],
               bounce_count[0]);
        printf("particle 5 at (%.6f, %.6f)\n", p[5].x, p[5].y);
        printf("all blocks equal: %s\n", same ? "yes" : "no");
    }
    return 0;
}
