/*
 * 0/1 knapsack by dynamic programming, the capacity axis distributed in
 * blocks (`shared [CHUNK] int`): for each item every thread updates the
 * capacities it owns from the previous row, reading dp[w - weight] wherever
 * it lives, into the other of two rows, with a barrier per item.  Thread 0
 * then walks the rows kept for the traceback (one bit per item and capacity,
 * in a shared bit matrix written with upc_memput) to list the items taken.
 */
#include <upc.h>
#include <stdio.h>
#include <string.h>

#define NITEMS 14
#define CAP 100
#define CHUNK 8
#define WORDS ((CAP + 1 + 31) / 32)

shared [CHUNK] int dp[2][CHUNK * ((CAP + 1 + CHUNK - 1) / CHUNK) * THREADS];
shared [] unsigned take[NITEMS][WORDS];      /* on thread 0 */

static const int wt[NITEMS] = { 12, 7, 11, 8, 9, 23, 5, 14, 3, 17, 6, 19, 4, 10 };
static const int val[NITEMS] = { 24, 13, 23, 15, 16, 50, 9, 30, 5, 33, 11, 37, 7, 19 };

int main(void)
{
    int i, w, cur = 0;

    upc_forall (w = 0; w <= CAP; w++; &dp[0][w])
        dp[0][w] = 0;
    upc_barrier;

    for (i = 0; i < NITEMS; i++) {
        unsigned bits[WORDS];
        int nxt = 1 - cur;
        memset(bits, 0, sizeof bits);
        upc_forall (w = 0; w <= CAP; w++; &dp[nxt][w]) {
            int best = dp[cur][w];
            if (w >= wt[i] && dp[cur][w - wt[i]] + val[i] > best) {
                best = dp[cur][w - wt[i]] + val[i];
                bits[w / 32] |= 1u << (w % 32);
            }
            dp[nxt][w] = best;
        }
        /* the bits of this row: OR them in one thread at a time */
        {
            int t;
            for (t = 0; t < THREADS; t++) {
                if (t == MYTHREAD) {
                    unsigned row[WORDS];
                    int k;
                    upc_memget(row, &take[i][0], sizeof row);
                    for (k = 0; k < WORDS; k++)
                        row[k] |= bits[k];
                    upc_memput(&take[i][0], row, sizeof row);
                }
                upc_barrier;
            }
        }
        cur = nxt;
    }

    if (MYTHREAD == 0) {
        int c = CAP, tw = 0, tv = 0;
        printf("best value %d for capacity %d\n", dp[cur][CAP], CAP);
        printf("items taken:");
        for (i = NITEMS - 1; i >= 0; i--)
            if (take[i][c / 32] & (1u << (c % 32))) {
                printf(" %d", i);
                c -= wt[i];
                tw += wt[i];
                tv += val[i];
            }
        printf("\nweight %d, value %d\n", tw, tv);
    }
    return 0;
}
