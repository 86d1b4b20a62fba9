/* A 2-D Ising model with checkerboard (red-black) Metropolis sweeps over a row-blocked
 * lattice: the accept/reject decisions use a counter-based hash of (site, sweep) instead of
 * a random stream, so the result does not depend on THREADS; each half-sweep reads the
 * neighbouring rows of other threads and ends with a barrier.  The magnetization and energy
 * are reduced with upc_all_reduceL. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <math.h>

#define L 24
#define SWEEPS 30

shared [L] signed char *spin; /* L rows of L, row r on thread r % THREADS */
shared long mag_in[THREADS], en_in[THREADS], mag, energy;

static double uniform(unsigned site, unsigned sweep)
{
    unsigned long long x = (unsigned long long)site * 0x9E3779B97F4A7C15ull ^ sweep * 0xBF58476D1CE4E5B9ull;
    x ^= x >> 31;
    x *= 0x94D049BB133111EBull;
    x ^= x >> 29;
    return (double)(x >> 11) / 9007199254740992.0;
}

#define S(r, c) spin[(((r) + L) % L) * L + ((c) + L) % L]

int main(void)
{
    const double beta = 0.44;
    double accept[9];
    int r, c, sw, color;
    for (int d = -8; d <= 8; d += 4)
        accept[(d + 8) / 2] = exp(-beta * d);
    spin = upc_all_alloc(L, L);
    upc_forall (r = 0; r < L; r++; &spin[r * L])
        for (c = 0; c < L; c++)
            spin[r * L + c] = ((r * 7 + c * 3) % 5) < 3 ? 1 : -1;
    upc_barrier;
    for (sw = 0; sw < SWEEPS; sw++)
        for (color = 0; color < 2; color++) {
            upc_forall (r = 0; r < L; r++; &spin[r * L])
                for (c = (r + color) % 2; c < L; c += 2) {
                    int s = S(r, c);
                    int nb = S(r - 1, c) + S(r + 1, c) + S(r, c - 1) + S(r, c + 1);
                    int dE = 2 * s * nb; /* -8 .. 8 in steps of 4 */
                    if (dE <= 0 || uniform(r * L + c, sw * 2 + color) < accept[(dE + 8) / 2])
                        S(r, c) = -s;
                }
            upc_barrier;
        }
    long m = 0, e = 0;
    upc_forall (r = 0; r < L; r++; &spin[r * L])
        for (c = 0; c < L; c++) {
            m += S(r, c);
            e -= S(r, c) * (S(r + 1, c) + S(r, c + 1));
        }
    mag_in[MYTHREAD] = m;
    en_in[MYTHREAD] = e;
    upc_all_reduceL(&mag, mag_in, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_reduceL(&energy, en_in, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        printf("L=%d sweeps=%d: magnetization %ld, energy %ld\n", L, SWEEPS, (long)mag,
               (long)energy);
    upc_barrier;
    if (MYTHREAD == 0)
        upc_free(spin);
    return 0;
}
