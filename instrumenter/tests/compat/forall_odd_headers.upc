/* forall_odd_headers.upc -- upc_forall headers as different authors write
 * them, each checked against the definition (iteration i runs on the thread
 * with affinity to the expression): descending loops, strides that do not
 * divide the block, unsigned / size_t / long long / char loop variables,
 * integer affinities that are expressions, affinities that are members of
 * structs in blocked arrays, a pointer-to-shared loop variable, a shared
 * pointer as the affinity, and loops whose bounds change type. */
#include <upc.h>
#include <stdio.h>

#define B 3
#define N (B * 5 * THREADS)
typedef struct { int a; double v[3]; } S;

shared [B] int arr[N];
shared [B] S recs[N];
shared int hits[THREADS];
shared [B] int *shared cursor;

static int bad;
#define MINE(addr) (upc_threadof(addr) == (size_t)MYTHREAD)
#define CHECK(c, what, i) do { if (!(c)) { bad++; \
    printf("thread %d: %s at %lld\n", MYTHREAD, what, (long long)(i)); } } while (0)

int main(void)
{
    int i, total = 0;
    unsigned u;
    size_t z;
    long long ll;
    char c;
    shared [B] int *p;

    if (MYTHREAD == 0) cursor = &arr[B];
    upc_barrier;

    /* descending, integer affinity */
    upc_forall (i = N - 1; i >= 0; i--; i) {
        CHECK(i % THREADS == MYTHREAD, "descending", i);
        total++;
    }
    /* stride 4 over a block size of 3 */
    upc_forall (i = 1; i < N; i += 4; &arr[i]) {
        CHECK(MINE(&arr[i]), "stride", i);
        total++;
    }
    /* unsigned, size_t, long long, char loop variables */
    upc_forall (u = 0; u < (unsigned)N; u++; &arr[u]) {
        CHECK(MINE(&arr[u]), "unsigned", u);
        total++;
    }
    upc_forall (z = N; z-- > 0;; &arr[z]) {
        CHECK(MINE(&arr[z]), "size_t", z);
        total++;
    }
    upc_forall (ll = 0; ll < N; ll += 2; ll / 2) {
        CHECK((ll / 2) % THREADS == MYTHREAD, "long long", ll);
        total++;
    }
    upc_forall (c = 0; c < 100 && c < N; c++; (int)c * 2 + 1) {
        CHECK(((int)c * 2 + 1) % THREADS == MYTHREAD, "char", c);
        total++;
    }
    /* a member of a struct in a blocked array */
    upc_forall (i = 0; i < N; i++; &recs[i].v[2]) {
        CHECK(MINE(&recs[i]), "member", i);
        recs[i].a = i;
        total++;
    }
    /* a pointer-to-shared loop variable */
    upc_forall (p = &arr[0]; p < &arr[N]; p += 2; p) {
        CHECK(MINE(p), "pointer", p - arr);
        total++;
    }
    /* a shared pointer-to-shared as the affinity, offset by the index */
    upc_forall (i = 0; i < N - B; i++; cursor + i) {
        CHECK(MINE(&arr[B + i]), "cursor", i);
        total++;
    }
    /* continue as the affinity: every thread runs every iteration */
    upc_forall (i = 0; i < 7; i++; continue)
        total += 1000;

    hits[MYTHREAD] = total;
    upc_barrier;
    if (MYTHREAD == 0) {
        long all = 0;
        int t;
        for (t = 0; t < THREADS; t++) all += hits[t] - 7000;   /* 7 continue iterations each */
        /* N + ceil((N-1)/4) + N + N + N/2 (N even) or (N+1)/2 + min(N,100) + N
         * + ceil(N/2) + (N - B) iterations, each run once in all */
        {
            long n = N;
            long want = n + (n - 1 + 3) / 4 + n + n + (n + 1) / 2 + (n < 100 ? n : 100) + n
                        + (n + 1) / 2 + (n - B);
            printf("iterations run once each: %s\n", all == want ? "yes" : "no");
        }
        printf("thread 0 saw no affinity errors: %s\n", bad == 0 ? "yes" : "no");
    }
    return bad != 0;
}
