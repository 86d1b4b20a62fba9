/* Static local pointers-to-shared and static shared variables in functions. */
#include <upc.h>
#include <stdio.h>

shared int ring[THREADS];
shared int hits[THREADS];

/* returns successive elements of ring, starting at element 1 */
static int next_value(void)
{
    static shared int *cursor = &ring[1 % THREADS];
    static int calls;
    int v = *cursor;
    calls++;
    cursor++;
    if (cursor == &ring[THREADS])
        cursor = &ring[0];
    return v * 100 + calls;
}

static int bump(void)
{
    static shared int counter;       /* one shared counter, on thread 0 */
    static shared [] int *where = 0;
    if (where == 0)
        where = (shared [] int *) &hits[MYTHREAD];
    *where += 1;
    if (MYTHREAD == 0)
        counter += 1;
    return counter;
}

int main(void)
{
    int k, errs = 0;

    ring[MYTHREAD] = MYTHREAD;
    hits[MYTHREAD] = 0;
    upc_barrier;
    for (k = 1; k <= 2 * THREADS; k++) {
        int v = next_value();
        if (v != ((k % THREADS) * 100 + k))
            errs++;
    }
    for (k = 0; k < 3; k++)
        bump();
    upc_barrier;
    if (hits[MYTHREAD] != 3)
        errs++;
    if (MYTHREAD == 0 && bump() != 4)
        errs++;
    printf("%d:%s\n", MYTHREAD, errs ? "FAIL" : "PASS");
    return 0;
}
