/*
 * CS 4xx Parallel Programming -- Assignment 3: odd-even transposition sort in UPC
 *
 * Each thread owns a contiguous block of NPER keys (a blocked shared array).
 * Phase p: threads pair up (even phases: 0-1, 2-3, ...; odd phases: 1-2, 3-4,
 * ...); the lower thread of a pair keeps the NPER smallest keys of the two
 * blocks, the upper one the NPER largest (merge-split). After THREADS phases
 * the array is sorted. Keys come from a linear congruential generator so the
 * run is reproducible.
 *
 * Usage: upcrun -n <threads> ./odd_even_sort
 */
#include <upc_strict.h>
#include <stdio.h>
#include <stdlib.h>

#define NPER 16

shared [NPER] unsigned keys[NPER * THREADS];
shared unsigned long checksum_part[THREADS];

/* qsort comparator */
int cmp_uns(const void *a, const void *b)
{
    unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
    return (x > y) - (x < y);
}

/* keep the low or the high half of the merge of mine and theirs */
void merge_split(unsigned *mine, const unsigned *theirs, int keep_low)
{
    unsigned out[NPER];
    int i, a, b;
    if (keep_low) {
        for (i = 0, a = 0, b = 0; i < NPER; i++)
            out[i] = (b >= NPER || (a < NPER && mine[a] <= theirs[b])) ? mine[a++]
                                                                      : theirs[b++];
    } else {
        for (i = NPER - 1, a = NPER - 1, b = NPER - 1; i >= 0; i--)
            out[i] = (b < 0 || (a >= 0 && mine[a] > theirs[b])) ? mine[a--] : theirs[b--];
    }
    for (i = 0; i < NPER; i++)
        mine[i] = out[i];
}

int main()
{
    unsigned *mine = (unsigned *)&keys[NPER * MYTHREAD];
    unsigned theirs[NPER];
    unsigned long seed = 12345 + 7919UL * MYTHREAD, sum = 0;
    int i, phase;

    for (i = 0; i < NPER; i++) {
        seed = (seed * 1103515245UL + 12345UL) & 0x7fffffffUL;
        mine[i] = (unsigned)(seed % 1000);
        sum += mine[i];
    }
    checksum_part[MYTHREAD] = sum;
    qsort(mine, NPER, sizeof(unsigned), cmp_uns);
    upc_barrier;

    for (phase = 0; phase < THREADS; phase++) {
        int partner = ((MYTHREAD + phase) % 2 == 0) ? MYTHREAD + 1 : MYTHREAD - 1;
        if (partner >= 0 && partner < THREADS)
            upc_memget(theirs, &keys[NPER * partner], sizeof theirs);
        upc_barrier;            /* everybody has read before anybody writes */
        if (partner >= 0 && partner < THREADS)
            merge_split(mine, theirs, MYTHREAD < partner);
        upc_barrier;
    }

    if (MYTHREAD == 0) {
        int sorted = 1;
        unsigned long total = 0, want = 0;
        for (i = 0; i < NPER * THREADS; i++) {
            total += keys[i];
            if (i > 0 && keys[i - 1] > keys[i])
                sorted = 0;
        }
        for (i = 0; i < THREADS; i++)
            want += checksum_part[i];
        printf("Sorted %d keys per thread on %d threads\n", NPER, THREADS);
        printf("in order: %s\n", sorted ? "yes" : "no");
        printf("checksum preserved: %s\n", total == want ? "yes" : "no");
    }
    return 0;
}
