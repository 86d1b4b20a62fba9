/* upc-check-test
 * expect: forall-escape
 * line: 23
 * threads: 2 3 4
 */
/* Error: a lookup function returns from inside its upc_forall as soon as the key is found on the calling thread */
#include <upc.h>
#include <stdio.h>

#define N 5
shared int keys[N * THREADS];

static int matches(int i, int key)
{
    if (keys[i] != key) return 0;
    return 1;
}

static int lookup(int key)
{
    int i, at = -1;
    upc_forall (i = 0; i < N * THREADS; i++; &keys[i]) {
        if (matches(i, key)) return i;
    }
    return at;
}

int main(void)
{
    int i, where;
    upc_forall (i = 0; i < N * THREADS; i++; &keys[i]) keys[i] = 3 * i;
    upc_barrier;
    where = lookup(3 * (N * THREADS - 2));
    upc_barrier;
    printf("thread %d: %d\n", MYTHREAD, where);
    return 0;
}
