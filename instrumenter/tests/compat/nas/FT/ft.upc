/*--------------------------------------------------------------------
  NAS Parallel Benchmarks 2.4 -- FT Benchmark, UPC version (small classes)

  Solves a 2-D diffusion equation spectrally: the initial data (from the
  NPB random number generator) is transformed with a 2-D FFT, evolved in
  Fourier space, transformed back every iteration and a checksum of
  selected elements is taken, as in the NPB FT kernel (which is 3-D).
  Rows of the complex grids are distributed cyclically (one row per block);
  row FFTs use upc_memget/upc_memput of whole rows, column FFTs read and
  write single elements. Thread 0 repeats everything serially to verify.
--------------------------------------------------------------------*/
#include <upc.h>
#include <upc_collective.h>
#include <string.h>
#include "npb-UPC.h"
#include "npbparams.h"

#define SEED   314159265.0
#define A      1220703125.0
#define ALPHA  1.0e-6
#define PI     3.141592653589793238
#define NCHK   64

shared [NX] dcomplex u0[NY][NX];        /* transform of the initial data */
shared [NX] dcomplex u1[NY][NX];        /* work array */
shared double chk_part[2*THREADS];
shared double chk_sum[2];
shared dcomplex sums[NITER_DEFAULT];

static dcomplex twiddle[NX];

static void fft_init(int n)
{
    int i;
    for (i = 0; i < n / 2; i++) {
        twiddle[i].real = cos(2.0 * PI * i / n);
        twiddle[i].imag = sin(2.0 * PI * i / n);
    }
}

/* in-place radix-2 FFT of length n; dir = 1 forward, -1 inverse (unscaled) */
static void fft1d(dcomplex *x, int n, int dir)
{
    int i, j, k, len, step;
    for (i = 1, j = 0; i < n; i++) {
        int bit = n >> 1;
        for (; j & bit; bit >>= 1)
            j ^= bit;
        j ^= bit;
        if (i < j) {
            dcomplex t = x[i];
            x[i] = x[j];
            x[j] = t;
        }
    }
    for (len = 2; len <= n; len <<= 1) {
        step = n / len;
        for (i = 0; i < n; i += len)
            for (k = 0; k < len / 2; k++) {
                dcomplex w = twiddle[k * step], a = x[i + k], b = x[i + k + len / 2], t;
                w.imag = -dir * w.imag;
                cmul(t, w, b);
                cadd(x[i + k], a, t);
                csub(x[i + k + len / 2], a, t);
            }
    }
}

/* the initial data of row i: 2*NX random numbers starting at number 2*NX*i */
static void init_row(int i, dcomplex *row)
{
    double start = SEED, an = A, buf[2 * NX + 1];
    long kk = 2L * NX * i, ik;
    int j;
    while (kk > 0) {
        ik = kk / 2;
        if (2 * ik != kk)
            randlc(&start, an);
        randlc(&an, an);
        kk = ik;
    }
    vranlc(2 * NX, &start, A, buf);
    for (j = 0; j < NX; j++) {
        row[j].real = buf[2 * j + 1];
        row[j].imag = buf[2 * j + 2];
    }
}

static double ex_factor(int i, int j, int t)
{
    int ki = i < NY / 2 ? i : i - NY, kj = j < NX / 2 ? j : j - NX;
    return exp(-4.0 * ALPHA * PI * PI * t * (double) (ki * ki + kj * kj));
}

/* 2-D FFT of a distributed grid */
static void fft2d(shared [NX] dcomplex (*g)[NX], int dir)
{
    dcomplex line[NY > NX ? NY : NX];
    int i, j;
    upc_forall (i = 0; i < NY; i++; &g[i][0]) {
        upc_memget(line, &g[i][0], NX * sizeof(dcomplex));
        fft1d(line, NX, dir);
        upc_memput(&g[i][0], line, NX * sizeof(dcomplex));
    }
    upc_barrier;
    upc_forall (j = 0; j < NX; j++; j) {
        for (i = 0; i < NY; i++)
            line[i] = g[i][j];
        fft1d(line, NY, dir);
        for (i = 0; i < NY; i++)
            g[i][j] = line[i];
    }
    upc_barrier;
}

static void serial_fft2d(dcomplex *g, int dir)
{
    dcomplex line[NY > NX ? NY : NX];
    int i, j;
    for (i = 0; i < NY; i++)
        fft1d(g + i * NX, NX, dir);
    for (j = 0; j < NX; j++) {
        for (i = 0; i < NY; i++)
            line[i] = g[i * NX + j];
        fft1d(line, NY, dir);
        for (i = 0; i < NY; i++)
            g[i * NX + j] = line[i];
    }
}

static dcomplex serial_checksum(dcomplex *g)
{
    dcomplex c = { 0.0, 0.0 };
    int j;
    for (j = 1; j <= NCHK; j++) {
        dcomplex e = g[((3 * j) % NY) * NX + j % NX];
        c.real += e.real;
        c.imag += e.imag;
    }
    c.real /= (double) NX * NY;
    c.imag /= (double) NX * NY;
    return c;
}

int main(int argc, char **argv)
{
    int i, j, it, niter = NITER_DEFAULT;
    dcomplex row[NX];
    double t, err = 0.0;
    boolean verified = FALSE;

    fft_init(NX);
    if (MYTHREAD == 0) {
        printf("\n\n NAS Parallel Benchmarks 2.4 UPC version - FT Benchmark\n\n");
        printf(" Size                : %3dx%3d\n", NX, NY);
        printf(" Iterations          :     %7d\n", niter);
    }

    upc_forall (i = 0; i < NY; i++; &u0[i][0]) {
        init_row(i, row);
        upc_memput(&u0[i][0], row, sizeof row);
    }
    upc_barrier;

    timer_clear(1);
    timer_start(1);
    fft2d(u0, 1);
    for (it = 1; it <= niter; it++) {
        double cr = 0.0, ci = 0.0;
        upc_forall (i = 0; i < NY; i++; &u1[i][0])
            for (j = 0; j < NX; j++) {
                dcomplex z = u0[i][j];
                crmul(z, z, ex_factor(i, j, it));
                u1[i][j] = z;
            }
        upc_barrier;
        fft2d(u1, -1);
        for (j = 1; j <= NCHK; j++) {
            int r = (3 * j) % NY, q = j % NX;
            if (upc_threadof(&u1[r][q]) == MYTHREAD) {
                cr += u1[r][q].real;
                ci += u1[r][q].imag;
            }
        }
        chk_part[2 * MYTHREAD] = cr;
        chk_part[2 * MYTHREAD + 1] = ci;
        upc_barrier;
        if (MYTHREAD == 0) {
            dcomplex c = { 0.0, 0.0 };
            for (i = 0; i < THREADS; i++) {
                c.real += chk_part[2 * i];
                c.imag += chk_part[2 * i + 1];
            }
            c.real /= (double) NX * NY;
            c.imag /= (double) NX * NY;
            sums[it - 1] = c;
            printf(" T = %5d     Checksum = %22.12e %22.12e\n", it, c.real, c.imag);
        }
        upc_barrier;
    }
    timer_stop(1);
    t = timer_read(1);

    if (MYTHREAD == 0) {
        dcomplex *g = malloc(sizeof(dcomplex) * NX * NY), *w = malloc(sizeof(dcomplex) * NX * NY);
        verified = TRUE;
        for (i = 0; i < NY; i++)
            init_row(i, g + i * NX);
        serial_fft2d(g, 1);
        for (it = 1; it <= niter; it++) {
            dcomplex c, s;
            for (i = 0; i < NY; i++)
                for (j = 0; j < NX; j++) {
                    w[i * NX + j] = g[i * NX + j];
                    crmul(w[i * NX + j], w[i * NX + j], ex_factor(i, j, it));
                }
            serial_fft2d(w, -1);
            c = serial_checksum(w);
            s = sums[it - 1];
            err = max(err, fabs(c.real - s.real) / fabs(c.real));
            err = max(err, fabs(c.imag - s.imag) / fabs(c.imag));
        }
        if (err > 1.0e-12)
            verified = FALSE;
        /* the last inverse transform at t = 0 gives back the initial data times NX*NY */
        for (i = 0; i < NY * NX; i++)
            w[i] = g[i];
        serial_fft2d(w, -1);
        for (i = 0; i < NY; i++) {
            init_row(i, row);
            for (j = 0; j < NX; j++)
                if (fabs(w[i * NX + j].real / (NX * NY) - row[j].real) > 1e-12
                    || fabs(w[i * NX + j].imag / (NX * NY) - row[j].imag) > 1e-12)
                    verified = FALSE;
        }
        free(g);
        free(w);
        if (verified)
            printf(" Result verification successful\n");
        else
            printf(" Result verification failed (relative error %g)\n", err);
        c_print_results("FT", CLASS, NX, NY, 1, niter, NUM_PROCS, t,
                        t > 0.0 ? 1.0e-6 * niter * 5.0 * NX * NY * log2((double) NX * NY) / t : 0.0,
                        "             floating point", verified, NPBVERSION, COMPILETIME,
                        CS1, CS2, CS3, CS4, CS5, CS6, CS7);
    }
    return 0;
}
