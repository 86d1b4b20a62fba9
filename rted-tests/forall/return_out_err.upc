/* upc-check-test
 * expect: forall-escape
 * line: 18
 * threads: 2 4
 */
/* Error: a lookup function returns from inside its upc_forall body as soon as its thread finds the key */
#include <upc.h>
#include <stdio.h>

#define N 4
shared int keys[N * THREADS];

int lookup(int key)
{
    int i, pos = -1;
    upc_forall (i = 0; i < N * THREADS; i++; &keys[i]) {
        if (keys[i] == key)
            return i;
    }
    return pos;
}

int main(void)
{
    int i, p;
    upc_forall (i = 0; i < N * THREADS; i++; &keys[i]) keys[i] = 3 * i;
    upc_barrier;
    p = lookup(3 * (N * THREADS - 1));
    upc_barrier;
    if (p >= 0) printf("thread %d found the key at %d\n", MYTHREAD, p);
    return 0;
}
