/* Function pointers around shared data: a dispatch table of kernels chosen
 * by a shared opcode array, a callback that receives pointers-to-shared, a
 * structure (private) holding a function pointer and a pointer-to-shared,
 * typedefs of function-pointer types, and a function returning a function
 * pointer. Every thread runs the same executable, so a function pointer
 * read from shared memory (a shared array of them) is valid everywhere. */
#include <upc_relaxed.h>
#include <stdio.h>

#define N 10

typedef double (*unary_fn)(double);
typedef void (*visit_fn)(shared double *elem, int index, void *ctx);

shared double v[N * THREADS];
shared int opcode[THREADS];
shared unary_fn fns[THREADS];
double (* shared picked)(double);
shared double result[THREADS];

static double twice(double x) { return 2.0 * x; }
static double square(double x) { return x * x; }
static double negate(double x) { return -x; }
static double identity(double x) { return x; }

static unary_fn table[] = { twice, square, negate, identity };

struct kernel {
    const char *name;
    unary_fn fn;
    shared double *data;
    int len;
};

static void
apply_owned(shared double *a, int n, unary_fn f)
{
    int i;
    upc_forall (i = 0; i < n; i++; &a[i])
        a[i] = f(a[i]);
}

static void
visit(shared double *a, int n, visit_fn cb, void *ctx)
{
    int i;
    for (i = 0; i < n; i++)
        (*cb)(&a[i], i, ctx);
}

static void
add_up(shared double *elem, int index, void *ctx)
{
    double *acc = ctx;
    *acc += *elem * (index % 2 ? 1 : 1);
}

static unary_fn
choose(int code)
{
    return table[code % (int) (sizeof table / sizeof table[0])];
}

static double (*choose_again(int code))(double)
{
    return choose(code + 1);
}

int
main(void)
{
    int i;
    double acc = 0, want = 0;
    struct kernel k;

    opcode[MYTHREAD] = MYTHREAD;
    fns[MYTHREAD] = choose(MYTHREAD);
    if (MYTHREAD == 0)
        picked = square;
    upc_forall (i = 0; i < N * THREADS; i++; &v[i])
        v[i] = i + 1;
    upc_barrier;

    /* every thread applies the function its right-hand neighbour chose,
       to the elements it owns, taken from the shared table */
    {
        int from = (MYTHREAD + 1) % THREADS;
        unary_fn f = fns[from];
        k.name = "neighbour's";
        k.fn = f;
        k.data = v;
        k.len = N * THREADS;
        if (f != choose(opcode[from]))
            printf("thread %d: function pointer from shared memory differs\n", MYTHREAD);
    }
    upc_barrier;
    apply_owned(k.data, k.len, identity);
    upc_barrier;

    visit(v, N * THREADS, add_up, &acc);
    for (i = 0; i < N * THREADS; i++)
        want += i + 1;
    result[MYTHREAD] = acc - want;
    upc_barrier;

    if (MYTHREAD == 0) {
        double bad = 0;
        for (i = 0; i < THREADS; i++)
            bad += result[i] < 0 ? -result[i] : result[i];
        printf("visit totals differ by %.1f\n", bad);
        printf("table: %.1f %.1f %.1f %.1f\n", table[0](3.0), (*table[1])(3.0),
               choose(2)(3.0), choose_again(2)(3.0));
        printf("picked(7) = %.1f, fns[0](7) = %.1f\n", picked(7.0), fns[0](7.0));
        printf("%s kernel %s\n", k.name, k.fn == fns[1 % THREADS] ? "found" : "lost");
    }
    return 0;
}
