/* qualifier_order.upc -- UPC type qualifiers in every position C allows for
 * qualifiers, as different authors write them: `int shared`, `shared const`,
 * `const shared [4]`, `unsigned shared long`, strict/relaxed before and after
 * the type, qualifiers after the `*` (a shared pointer-to-shared), layout
 * qualifiers with sizeof and enum constants, and the same declarations
 * through typedefs in both orders. */
#include <upc.h>
#include <stdio.h>

enum { QUAD = 4, HALF = QUAD / 2 };
struct rgb { unsigned char r, g, b; };

int shared counter[THREADS];
double shared [QUAD] grid[QUAD * THREADS];
unsigned shared long ids[THREADS];
long long unsigned shared big[THREADS];
shared const int answer = 42;
const shared [HALF] int pairs[HALF * THREADS] = { 1, 2 };
int strict shared flag;
relaxed int shared [sizeof(struct rgb)] colours[sizeof(struct rgb) * THREADS];
shared [QUAD * 2 - 6] short twos[2 * THREADS];
shared [(HALF)] char letters[HALF * THREADS];

int shared *shared dir[THREADS];          /* shared pointers to shared ints */
shared int *shared sp;
double shared [QUAD] *shared grid_p;

typedef int shared sint;
typedef shared int sint2;
typedef int shared *psint;
typedef const shared [QUAD] double *cgrid_p;

static int sum_through(const psint p, int n)
{
    int i, s = 0;
    for (i = 0; i < n; i++)
        s += p[i];
    return s;
}

int main(void)
{
    int i, me = MYTHREAD;
    sint2 *q;
    cgrid_p g;
    int shared *cp;

    counter[me] = me + 1;
    ids[me] = 1000UL + me;
    big[me] = 1ULL << (me % 40);
    dir[me] = &counter[(me + 1) % THREADS];
    upc_forall (i = 0; i < QUAD * THREADS; i++; &grid[i])
        grid[i] = i * 0.25;
    upc_forall (i = 0; i < (int)sizeof(struct rgb) * THREADS; i++; &colours[i])
        colours[i] = i % 3;
    upc_forall (i = 0; i < 2 * THREADS; i++; &twos[i])
        twos[i] = (short)(i * 2);
    upc_forall (i = 0; i < HALF * THREADS; i++; &letters[i])
        letters[i] = (char)('a' + i % 26);
    if (me == 0) {
        sp = &counter[THREADS - 1];
        grid_p = &grid[QUAD];
        flag = 0;
    }
    upc_barrier;

    q = &counter[0];
    cp = dir[me];
    g = grid_p;
    if (*cp != (me + 1) % THREADS + 1) printf("thread %d: dir\n", me);
    if (sum_through(q, THREADS) != THREADS * (THREADS + 1) / 2) printf("thread %d: sum\n", me);
    if (*sp != THREADS) printf("thread %d: sp\n", me);
    if (THREADS > 1 && (g[0] != QUAD * 0.25 || upc_threadof(g) != 1))
        printf("thread %d: grid_p\n", me);
    upc_barrier;
    if (me == 0) {
        int c = 0;
        flag = 1;
        for (i = 0; i < (int)sizeof(struct rgb) * THREADS; i++) c += colours[i];
        printf("answer %d, pairs %d %d, last pair %d\n", answer, pairs[0], pairs[1],
               pairs[HALF * THREADS - 2] + pairs[HALF * THREADS - 1] - (THREADS == 1 ? 3 : 0));
        printf("blocks: grid %d, pairs %d, colours %d, twos %d, letters %d\n",
               (int)upc_blocksizeof(grid), (int)upc_blocksizeof(pairs),
               (int)upc_blocksizeof(colours), (int)upc_blocksizeof(twos),
               (int)upc_blocksizeof(letters));
        printf("colours sum / THREADS = %d, twos[1] = %d, letters[1] = %c\n",
               c / THREADS, twos[1], letters[1]);
        printf("ids[0] = %lu, big[0] = %llu, flag = %d\n", ids[0], big[0], flag);
        printf("sizeof: sint %d, sint2 %d, *psint %d\n", (int)sizeof(sint),
               (int)sizeof(sint2), (int)sizeof(*(psint)0));
    }
    return 0;
}
