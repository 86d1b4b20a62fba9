/* C11 in UPC code: _Alignas/_Alignof on private and shared data, anonymous
 * structures and unions inside shared structures, _Noreturn, _Thread_local
 * (one per process, i.e. per UPC thread here), compound literals, designated
 * initializers with ranges, and a _Generic selection on shared element values. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdalign.h>
#include <stdnoreturn.h>

typedef struct {
    int kind;
    union {
        struct { int x, y; };
        long id;
    };
    _Alignas(16) double weight;
} node_t;

shared node_t nodes[THREADS];
shared long padded[THREADS];
static _Thread_local int calls;

static const int primes[10] = { [0] = 2, [1] = 3, [2] = 5, [3] = 7, [4 ... 9] = -1 };

#define kind_name(v) _Generic((v), int: "int", long: "long", double: "double", default: "other")

static noreturn void die(const char *msg)
{
    fprintf(stderr, "%s\n", msg);
    exit(2);
}

static int count(void)
{
    return ++calls;
}

int main(void)
{
    node_t n = { .kind = 1, .x = MYTHREAD, .y = 2 * MYTHREAD, .weight = 0.5 };
    int i;

    if (alignof(node_t) != 16 || _Alignof(double) > 16)
        die("alignment");
    nodes[MYTHREAD] = n;
    padded[MYTHREAD] = (long)MYTHREAD << 20;
    count();
    count();
    upc_barrier;
    if (MYTHREAD == 0) {
        long sx = 0, sy = 0;
        int okp = 1;
        for (i = 0; i < THREADS; i++) {
            node_t m = nodes[i];
            sx += m.x;
            sy += nodes[i].y;
            okp &= padded[i] == (long)i << 20;
        }
        printf("sizeof(node_t) %d, aligned %d, sum x*2 == sum y: %s, padded %s\n",
               (int)sizeof(node_t), (int)alignof(node_t), 2 * sx == sy ? "yes" : "no",
               okp ? "ok" : "WRONG");
        printf("calls %d, primes %d %d %d\n", calls, primes[3], primes[4], primes[9]);
        printf("%s %s %s\n", kind_name(nodes[0].kind), kind_name(padded[0]),
               kind_name(nodes[0].weight));
        {
            int *p = (int[]){ 1, 2, 3 };
            node_t q = (node_t){ .kind = 9, .id = 77 };
            printf("compound %d %d %ld\n", p[2], q.kind, q.id);
        }
    }
    return 0;
}
