/* upc-check-test
 * expect: invalid-argument
 * line: 26
 * threads: 2 4 8
 */
/* Error: the array comes from upc_all_alloc (every thread gets the same pointer) but the per-thread cleanup frees it with upc_free on every thread: the second free is of freed memory */
#include <upc.h>
#include <stdio.h>

typedef struct {
    double x, y, z;
    int id;
} particle_t;

typedef shared [4] particle_t *particles_t;

static particles_t parts;

static void setup(void)
{
    parts = (particles_t) upc_all_alloc(THREADS, 4 * sizeof(particle_t));
}

static void cleanup(void)
{
    upc_free(parts);
}

int main(void)
{
    int i;
    setup();
    for (i = 0; i < 4; i++) {
        parts[MYTHREAD * 4 + i].id = MYTHREAD * 4 + i;
        parts[MYTHREAD * 4 + i].x = i;
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("id %d\n", parts[4 * THREADS - 1].id);
    upc_barrier;
    cleanup();
    return 0;
}
