/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct: inside a controlling upc_forall, `break` leaves an inner while loop, `continue` ends one iteration of an inner for loop and another of the upc_forall itself, a `goto` stays within the body, and a helper returns early: none of these leaves the upc_forall */
#include <upc.h>
#include <stdio.h>

#define PER 6
shared int v[PER * THREADS];
shared int out[PER * THREADS];

static int first_digit(int x)
{
    if (x < 10) return x;
    while (x >= 10) x /= 10;
    return x;
}

int main(void)
{
    int i;
    upc_forall (i = 0; i < PER * THREADS; i++; &v[i])
        v[i] = i * 13 + 7;
    upc_barrier;
    upc_forall (i = 0; i < PER * THREADS; i++; &v[i]) {
        int x = v[i], steps = 0, j;
        if (x % 5 == 0) {
            out[i] = -1;
            continue;
        }
        while (1) {
            if (x == 1 || steps > 50) break;
            x = (x % 2) ? 3 * x + 1 : x / 2;
            steps++;
        }
        for (j = 0; j < 4; j++) {
            if (j == 2) continue;
            steps += j;
        }
        if (steps > 1000) goto fix;
        out[i] = steps + first_digit(v[i]);
        goto next;
    fix:
        out[i] = 0;
    next:
        ;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("out[1] = %d\n", out[1]);
    return 0;
}
