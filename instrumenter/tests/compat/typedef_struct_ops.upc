/* Whole-struct operations on typedef'd structs in shared memory: assignment
 * between two remote elements, struct-valued function arguments and results,
 * upc_all_alloc'd arrays of structs with a [*]-style block, compound literals. */
#include <upc_relaxed.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    int    id;
    char   tag[6];
    double pos[3];
} body_t;

typedef struct cell_s {
    body_t b;
    struct cell_s *unused_private_link;
} cell_t;

shared body_t ring[THREADS];
shared [*] body_t star[3*THREADS];
shared cell_t cells[THREADS];

static body_t make_body(int id)
{
    body_t b;
    memset(&b, 0, sizeof b);
    b.id = id;
    snprintf(b.tag, sizeof b.tag, "b%d", id % 100);
    b.pos[0] = id; b.pos[1] = -id; b.pos[2] = 0.5 * id;
    return b;
}

static int same(body_t x, body_t y)
{
    return x.id == y.id && strcmp(x.tag, y.tag) == 0 && x.pos[0] == y.pos[0]
           && x.pos[1] == y.pos[1] && x.pos[2] == y.pos[2];
}

int main(void)
{
    int i, ok = 1;
    shared body_t *heap;

    ring[MYTHREAD] = make_body(MYTHREAD);
    for (i = 0; i < 3; i++)
        star[3 * MYTHREAD + i] = make_body(100 + 3 * MYTHREAD + i);
    cells[MYTHREAD].b = (body_t) { .id = -MYTHREAD, .tag = "cell" };
    cells[MYTHREAD].unused_private_link = NULL;
    heap = (shared body_t *) upc_all_alloc(THREADS, sizeof(body_t));
    upc_barrier;

    /* remote-to-remote struct copies */
    if (MYTHREAD == 0)
        for (i = 0; i < THREADS; i++)
            heap[i] = ring[THREADS - 1 - i];
    upc_barrier;
    for (i = 0; i < THREADS; i++) {
        if (!same(heap[i], make_body(THREADS - 1 - i))) ok = 0;
        if (!same(star[3 * i + 2], make_body(100 + 3 * i + 2))) ok = 0;
        if (upc_threadof(&star[3 * i]) != (size_t) i) ok = 0;
        if (cells[i].b.id != -i || strcmp(((body_t) cells[i].b).tag, "cell") != 0) ok = 0;
    }
    printf("thread %d: struct operations %s\n", MYTHREAD, ok ? "ok" : "FAILED");
    upc_barrier;
    upc_all_free(heap);
    return 0;
}
