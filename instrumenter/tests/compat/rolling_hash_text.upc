/* Text processing over a blocked shared character array: every thread computes the
 * polynomial hash, the line count and the longest run of one character of its block, and
 * thread 0 combines the per-block results in order (hash(AB) = hash(A) * P^|B| + hash(B),
 * runs that cross block boundaries joined), which must equal a sequential pass. */
#include <upc.h>
#include <stdio.h>
#include <string.h>
#include <stdint.h>
#include <inttypes.h>

#define BLK 37
#define MOD 1000000007ull
#define P 131ull

shared [BLK] char text[BLK * THREADS];
typedef struct {
    uint64_t hash, pw; /* hash of the block, P^len */
    int lines;
    int first_run, last_run, best_run, len; /* runs of one character */
    char first_c, last_c;
} summary_t;
shared summary_t sums[THREADS];

static char gen(int i)
{
    static const char words[] = "upc shared  relaxed\nstrict  barrier forall\n\n";
    return i % 53 == 0 ? 'x' : words[(i * 7 + i / 5) % (sizeof words - 1)];
}

static summary_t summarize(const char *s, int n)
{
    summary_t r = { 0, 1, 0, 0, 0, 0, n, 0, 0 };
    int run = 0;
    for (int i = 0; i < n; i++) {
        r.hash = (r.hash * P + (unsigned char)s[i]) % MOD;
        r.pw = r.pw * P % MOD;
        r.lines += s[i] == '\n';
        run = i > 0 && s[i] == s[i - 1] ? run + 1 : 1;
        if (run > r.best_run)
            r.best_run = run;
        if (run == i + 1)
            r.first_run = run;
    }
    r.last_run = run;
    if (n > 0) {
        r.first_c = s[0];
        r.last_c = s[n - 1];
    }
    return r;
}

int main(void)
{
    int i;
    upc_forall (i = 0; i < BLK * THREADS; i++; &text[i])
        text[i] = gen(i);
    upc_barrier;
    sums[MYTHREAD] = summarize((char *)&text[BLK * MYTHREAD], BLK);
    upc_barrier;
    if (MYTHREAD == 0) {
        summary_t acc = sums[0];
        for (int t = 1; t < THREADS; t++) {
            summary_t b = sums[t];
            acc.hash = (acc.hash * b.pw + b.hash) % MOD;
            acc.pw = acc.pw * b.pw % MOD;
            acc.lines += b.lines;
            int joined = acc.last_c == b.first_c ? acc.last_run + b.first_run : 0;
            if (b.best_run > acc.best_run)
                acc.best_run = b.best_run;
            if (joined > acc.best_run)
                acc.best_run = joined;
            if (acc.first_run == acc.len && acc.last_c == b.first_c)
                acc.first_run += b.first_run;
            acc.last_run = b.last_run == b.len && acc.last_c == b.first_c ? acc.last_run + b.len
                                                                         : b.last_run;
            acc.last_c = b.last_c;
            acc.len += b.len;
        }
        char all[BLK * 16 + 1];
        int n = BLK * THREADS;
        for (int t = 0; t < THREADS; t++) /* one block per thread */
            upc_memget(all + t * BLK, &text[t * BLK], BLK);
        summary_t seq = summarize(all, n);
        printf("combined %s sequential: hash %s, lines %s, longest run %s\n",
               "vs", acc.hash == seq.hash ? "equal" : "DIFFERENT",
               acc.lines == seq.lines ? "equal" : "DIFFERENT",
               acc.best_run == seq.best_run ? "equal" : "DIFFERENT");
    }
    return 0;
}
