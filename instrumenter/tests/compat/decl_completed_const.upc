/* Declarations older and pickier code writes: a function declared without a prototype that
 * returns a pointer-to-shared, shared arrays whose size comes from their initializer,
 * const pointers-to-shared set to shared addresses, a sizeof sanity check of a shared
 * array, and a upc_forall over an int index, all under -Wall -Wextra -Wconversion -Werror. */
#include <upc.h>
#include <stdio.h>

#define PER 4

shared int cell[PER * THREADS];
shared [] char banner[] = "shared banner";
shared [] int primes[] = { 2, 3, 5, 7, 11, 13 };
shared [] long sparse[] = { [4] = 40, 50 };
shared int *const first = &cell[0];
static shared int *const corners[] = { &cell[0], &cell[PER - 1] };

shared int *cell_of();

int main(void)
{
    int i, errors = 0;
    long sum = 0;

    upc_forall (i = 0; i < PER * THREADS; i++; &cell[i])
        cell[i] = i;
    upc_barrier;
    if (MYTHREAD == 0) {
        if (sizeof(cell) != PER * THREADS * sizeof(int))
            errors++;
        if (sizeof banner != 14 || banner[7] != 'b')
            errors++;
        if (sizeof primes / sizeof primes[0] != 6 || primes[5] != 13)
            errors++;
        if (sizeof sparse / sizeof sparse[0] != 6 || sparse[4] + sparse[5] != 90 || sparse[1] != 0)
            errors++;
        if (*first != 0 || *corners[1] != PER - 1)
            errors++;
        for (i = 0; i < PER * THREADS; i++)
            sum += *cell_of(i);
        printf("sum %ld, %s\n", sum, errors ? "FAIL" : "PASS");
    }
    return 0;
}

shared int *cell_of(int i)
{
    return &cell[i];
}
