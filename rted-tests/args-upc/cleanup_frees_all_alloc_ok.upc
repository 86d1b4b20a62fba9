/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: the memory of upc_all_alloc is freed once, by thread 0 */
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
    if (MYTHREAD == 0)
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
