/* upc-check-test
 * expect: forall-not-single-valued
 * line: 36
 * threads: 2 4 8
 */
/* Error: the loop's affinity uses the stride of the thread's private copy of the grid description; the last thread loaded a description with a different stride, so the threads disagree about who owns each row */
#include <upc.h>
#include <stdio.h>

#define W 4
#define H 4

shared [W] double img[W * H * THREADS];
shared double rowsum[H * THREADS];

typedef struct { int width, height, stride; } desc_t;

static desc_t load_desc(void)
{
    desc_t d;
    d.width = W;
    d.height = H * THREADS;
    /* the last thread's header was written by an older tool with padded rows */
    d.stride = (MYTHREAD == THREADS - 1) ? W + 1 : W;
    return d;
}

int main(void)
{
    int r, c;
    desc_t d = load_desc();

    for (r = MYTHREAD; r < H * THREADS; r += THREADS)
        for (c = 0; c < W; c++) img[r * W + c] = r + 0.5 * c;
    upc_barrier;
    upc_forall (r = 0; r < d.height; r++; &img[(r * d.stride) % (W * H * THREADS)]) {
        double s = 0.0;
        for (c = 0; c < d.width; c++) s += img[r * W + c];
        rowsum[r] = s;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("rowsum[1] = %g\n", rowsum[1]);
    return 0;
}
