/* Nested initializers with pointers-to-shared: arrays of pointers-to-shared,
 * designated initializers, structs inside structs, a shared struct whose member
 * is a pointer-to-shared, and static locals initialized the same way. */
#include <upc.h>
#include <stdio.h>

#define N 4

shared int A[2*N*THREADS];      /* A[N] exists also with one thread */
shared [N] double D[2*N*THREADS];

struct span { shared int *first; int len; };
struct table {
    const char *name;
    struct span spans[2];
    shared [N] double *data;
};
struct link { shared int *target; int weight; };

shared int *ptrs[3] = { &A[0], &A[1], NULL };
struct table tab = {
    .name = "tab",
    .spans = { { &A[2], 2 }, [1] = { .first = &A[N], .len = 1 } },
    .data = &D[N],
};
shared struct link slink = { &A[3], 9 };      /* a shared struct holding a pointer-to-shared */
static struct span spans2[] = { { A, N }, { A + 1, N - 1 }, { 0 } };

static int check_static(void)
{
    static struct span local_span = { &A[N - 1], 1 };
    static shared int *local_ptrs[2] = { &A[1] };
    return *local_span.first == N - 1 && local_ptrs[1] == NULL && *local_ptrs[0] == 1;
}

int main(void)
{
    int i, ok = 1;

    upc_forall (i = 0; i < 2*N*THREADS; i++; &A[i])
        A[i] = i;
    upc_forall (i = 0; i < 2*N*THREADS; i++; &D[i])
        D[i] = 0.25 * i;
    upc_barrier;

    ok = ok && *ptrs[0] == 0 && *ptrs[1] == 1 && ptrs[2] == NULL;
    ok = ok && *tab.spans[0].first == 2 && tab.spans[0].len == 2;
    ok = ok && *tab.spans[1].first == N && tab.spans[1].len == 1;
    ok = ok && *tab.data == 0.25 * N && upc_threadof(tab.data) == (size_t) (1 % THREADS);
    ok = ok && *slink.target == 3 && slink.weight == 9;
    ok = ok && spans2[0].first == &A[0] && spans2[1].first[0] == 1 && spans2[2].first == NULL;
    ok = ok && sizeof spans2 / sizeof spans2[0] == 3;
    ok = ok && check_static();
    printf("thread %d: nested initializers %s\n", MYTHREAD, ok ? "right" : "WRONG");
    return 0;
}
