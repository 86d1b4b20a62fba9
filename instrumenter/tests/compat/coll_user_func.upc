/* upc_all_reduce and upc_all_prefix_reduce with user functions: UPC_FUNC
 * (commutative) and UPC_NONCOMM_FUNC (associative only, so the order of the
 * operands matters: 2x2 matrix products), over several types and block
 * sizes, checked against sequential loops. */
#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>
#include <math.h>

#define PER 5
#define N (PER * THREADS)

shared [PER] double dv[N];
shared double dres;
shared [PER] unsigned long uv[N];
shared [PER] unsigned long upre[N];
shared unsigned long ures;
shared [3] int iv[N];
shared [3] int ipre[N];

/* commutative: the larger magnitude */
double absmax(double a, double b) { return fabs(a) > fabs(b) ? a : b; }
/* commutative and associative on unsigned long: gcd */
unsigned long gcd(unsigned long a, unsigned long b)
{
    while (b) { unsigned long t = a % b; a = b; b = t; }
    return a;
}
/* not commutative: a 2x2 matrix of small digits packed into an int,
   multiplied modulo 10 */
static const int pow10[4] = { 1000, 100, 10, 1 };
static int get(int m, int k) { return (m / pow10[k]) % 10; }
int matmul(int x, int y)
{
    int a = get(x,0), b = get(x,1), c = get(x,2), d = get(x,3);
    int e = get(y,0), f = get(y,1), g = get(y,2), h = get(y,3);
    return ((a*e + b*g) % 10) * 1000 + ((a*f + b*h) % 10) * 100
         + ((c*e + d*g) % 10) * 10 + (c*f + d*h) % 10;
}

static int elem(int i) { return 1000 + (i % 3) * 100 + (i % 2) * 10 + 1; }

int
main(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &dv[i]) {
        dv[i] = (i % 7 - 3) * 1.5 + (i == N / 2 ? -100.0 : 0.0);
        uv[i] = 6UL * (i + 1) * 35;
        iv[i] = elem(i);
    }
    upc_barrier;

    upc_all_reduceD(&dres, dv, UPC_FUNC, N, PER, absmax, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_reduceUL(&ures, uv, UPC_FUNC, N, PER, gcd, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_prefix_reduceUL(upre, uv, UPC_FUNC, N, PER, gcd, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_prefix_reduceI(ipre, iv, UPC_NONCOMM_FUNC, N, 3, matmul, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);

    if (MYTHREAD == 0) {
        double m = dv[0];
        unsigned long g = uv[0];
        int p = iv[0], ok = 1;
        for (i = 1; i < N; i++) {
            m = absmax(m, dv[i]);
            g = gcd(g, uv[i]);
            if (upre[i] != g) ok = 0;
            p = matmul(p, iv[i]);
            if (ipre[i] != p) ok = 0;
        }
        printf("absmax %s\n", dres == m && fabs(dres) >= 95.0 ? "ok" : "WRONG");
        printf("gcd %lu (%s)\n", ures, ures == g ? "ok" : "WRONG");
        printf("prefix gcd and ordered matrix products %s\n", ok ? "ok" : "WRONG");
        printf("first products: %04d %04d %04d\n", (int) ipre[0], (int) ipre[1], (int) ipre[2]);
    }
    return 0;
}
