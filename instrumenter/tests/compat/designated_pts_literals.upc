/* designated_pts_literals.upc -- C99 initializers around pointers-to-shared:
 * designated initializers of local structs (nested designators, array
 * designators, members left out = null pointers-to-shared), arrays of such
 * structs with [index] designators, compound literals holding
 * pointers-to-shared passed to functions and assigned, and a compound literal
 * array of pointers-to-shared walked by a pointer. */
#include <upc.h>
#include <stdio.h>

#define B 2
shared [B] int data[B * THREADS];
shared int counts[THREADS];

struct span {
    shared [B] int *base;
    int len;
    struct { shared int *slot; int weight; } out;
};

struct span_list {
    int n;
    struct span spans[3];
};

static int span_sum(struct span s)
{
    int i, t = 0;
    for (i = 0; i < s.len; i++)
        t += s.base[i];
    return t * s.out.weight;
}

static int total(const struct span_list *l)
{
    int i, t = 0;
    for (i = 0; i < l->n; i++)
        if (l->spans[i].base != NULL)
            t += span_sum(l->spans[i]);
    return t;
}

int main(void)
{
    int i, me = MYTHREAD, next = (MYTHREAD + 1) % THREADS;

    upc_forall (i = 0; i < B * THREADS; i++; &data[i])
        data[i] = i + 1;
    upc_barrier;

    {
        struct span mine = {
            .out.weight = 1,
            .base = &data[B * me],
            .len = B,
            .out.slot = &counts[me],
        };
        struct span empty = { .len = 0 };
        struct span_list l = {
            .spans = {
                [2] = { &data[B * next], B, { &counts[next], 10 } },
                [0] = mine,
            },
            .n = 3,
        };
        int t;

        if (empty.base != NULL || empty.out.slot) printf("thread %d: not null\n", me);
        if (l.spans[1].base || l.spans[1].out.slot != NULL)
            printf("thread %d: spans[1] not null\n", me);
        t = total(&l);
        /* mine: (2me+1)+(2me+2) = 4me+3; next, times 10 */
        if (t != 4 * me + 3 + 10 * (4 * next + 3))
            printf("thread %d: total %d\n", me, t);
        *mine.out.slot = span_sum(mine);

        /* compound literals */
        t = span_sum((struct span){ .base = data + B * me + 1, .len = 1, .out.weight = 3 });
        if (t != 3 * (2 * me + 2)) printf("thread %d: literal %d\n", me, t);
        l.spans[1] = (struct span){ data, B * THREADS, { NULL, 1 } };
        if (total(&l) != 4 * me + 3 + 10 * (4 * next + 3) + B * THREADS * (B * THREADS + 1) / 2)
            printf("thread %d: with all %d\n", me, total(&l));
    }
    upc_barrier;
    if (me == 0) {
        shared int **pp, *ends[] = { &counts[0], &counts[THREADS - 1], NULL };
        int s = 0;
        for (pp = (shared int *[]){ &counts[0], &counts[THREADS / 2], NULL }; *pp; pp++)
            s += **pp;
        for (pp = ends; *pp != NULL; pp++)
            s += **pp;
        /* counts[t] = 4t + 3 */
        printf("sum - 4*(THREADS/2) - 4*(THREADS-1) = %d\n",
               s - 4 * (THREADS / 2) - 4 * (THREADS - 1));
    }
    return 0;
}
