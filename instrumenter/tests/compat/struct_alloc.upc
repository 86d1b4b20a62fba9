/* Particles in dynamically allocated shared memory: upc_all_alloc of a typedef'd
   struct, pointers-to-shared to it, member access through them. */
#include <upc_relaxed.h>
#include <stdio.h>
#include <stdlib.h>

#define NP 5    /* particles per thread */

typedef struct particle_s {
    double pos[3];
    double mass;
    int id;
} particle_t;

typedef shared [NP] particle_t *particle_ptr;

shared [NP] particle_t *parts;
shared double mass_sum[THREADS];

int main(int argc, char **argv)
{
    int i, k;
    particle_ptr mine;
    particle_t *local;

    parts = (shared [NP] particle_t *) upc_all_alloc(THREADS, NP * sizeof(particle_t));
    if (parts == NULL) {
        fprintf(stderr, "allocation failed\n");
        upc_global_exit(1);
    }

    /* my block through a pointer-to-shared and through a local pointer */
    mine = parts + MYTHREAD * NP;
    local = (particle_t *) mine;
    for (i = 0; i < NP; i++) {
        local[i].id = MYTHREAD * NP + i;
        local[i].mass = 1.0 + i;
        for (k = 0; k < 3; k++)
            mine[i].pos[k] = MYTHREAD + 0.25 * k;
    }
    upc_barrier;

    /* everyone reads its right neighbour's block */
    {
        int nb = (MYTHREAD + 1) % THREADS;
        shared [NP] particle_t *p = &parts[nb * NP];
        double m = 0;
        int bad = 0;
        for (i = 0; i < NP; i++, p++) {
            if (p->id != nb * NP + i || p->pos[2] != nb + 0.5)
                bad = 1;
            if (upc_threadof(p) != (size_t) nb)
                bad = 1;
            m += (*p).mass;
        }
        mass_sum[MYTHREAD] = bad ? -1.0 : m;
    }
    upc_barrier;

    if (MYTHREAD == 0) {
        double total = 0;
        for (i = 0; i < THREADS; i++)
            total += mass_sum[i];
        printf("total mass %s\n", total == THREADS * (NP * (NP + 1) / 2.0) ? "correct" : "WRONG");
        printf("sizeof(particle_t) = %d\n", (int) sizeof(particle_t));
        printf("upc_elemsizeof(*parts) = %d\n", (int) upc_elemsizeof(*parts));
        printf("upc_blocksizeof(*parts) = %d\n", (int) upc_blocksizeof(*parts));
    }
    upc_barrier;
    if (MYTHREAD == 0)
        upc_free(parts);
    return 0;
}
