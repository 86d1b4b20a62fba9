/* Old-style (K&R) function definitions returning pointers, as C code from the eighties
 * carried into UPC programs has them: a string helper, a pointer-to-pointer, and one
 * returning a pointer-to-shared. */
#include <upc.h>
#include <stdio.h>
#include <string.h>

#define N 5

shared int slot[N * THREADS];

char *
skip_blanks(s)
    char *s;
{
    while (*s == ' ')
        s++;
    return s;
}

int **
row_at(rows, k)
    int **rows;
    int k;
{
    return rows + k;
}

shared int *
slot_of(t, k)
    int t, k;
{
    return &slot[k * THREADS + t];
}

int main()
{
    static int r0[2] = { 1, 2 }, r1[2] = { 3, 4 };
    int *rows[2];
    int k, ok = 1;

    rows[0] = r0;
    rows[1] = r1;
    for (k = 0; k < N; k++)
        *slot_of(MYTHREAD, k) = 10 * MYTHREAD + k;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (k = 0; k < N * THREADS; k++)
            if (slot[k] != 10 * (k % THREADS) + k / THREADS)
                ok = 0;
        printf("%s %d %s\n", skip_blanks("   word"), (*row_at(rows, 1))[1], ok ? "PASS" : "FAIL");
    }
    return 0;
}
