/*
 * c_randdp.c: the NPB pseudo-random number generator
 *   x_{k+1} = a x_k  (mod 2^46)
 * computed in double precision arithmetic.
 */
#include "npb-UPC.h"

#if defined(USE_POW)
#define r23 pow(0.5, 23.0)
#define r46 (r23*r23)
#define t23 pow(2.0, 23.0)
#define t46 (t23*t23)
#else
#define r23 (0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5)
#define r46 (r23*r23)
#define t23 (2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0)
#define t46 (t23*t23)
#endif

/*c---------------------------------------------------------------------
c---------------------------------------------------------------------*/
double randlc (double *x, double a) {

/*c---------------------------------------------------------------------
c   This routine returns a uniform pseudorandom double precision number in the
c   range (0, 1) by using the linear congruential generator
c
c   x_{k+1} = a x_k  (mod 2^46)
c
c   where 0 < x_k < 2^46 and 0 < a < 2^46.
c---------------------------------------------------------------------*/

  double t1,t2,t3,t4,a1,a2,x1,x2,z;

/*c---------------------------------------------------------------------
c   Break A into two parts such that A = 2^23 * A1 + A2.
c---------------------------------------------------------------------*/
  t1 = r23 * a;
  a1 = (int)t1;
  a2 = a - t23 * a1;

/*c---------------------------------------------------------------------
c   Break X into two parts such that X = 2^23 * X1 + X2, compute
c   Z = A1 * X2 + A2 * X1  (mod 2^23), and then
c   X = 2^23 * Z + A2 * X2  (mod 2^46).
c---------------------------------------------------------------------*/
  t1 = r23 * (*x);
  x1 = (int)t1;
  x2 = (*x) - t23 * x1;
  t1 = a1 * x2 + a2 * x1;
  t2 = (int)(r23 * t1);
  z = t1 - t23 * t2;
  t3 = t23 * z + a2 * x2;
  t4 = (int)(r46 * t3);
  (*x) = t3 - t46 * t4;

  return (r46 * (*x));
}

/*c---------------------------------------------------------------------
c---------------------------------------------------------------------*/
void vranlc (int n, double *x_seed, double a, double y[]) {

/*c---------------------------------------------------------------------
c   This routine generates N uniform pseudorandom double precision numbers in
c   the range (0, 1) by using the linear congruential generator; the numbers
c   are stored in y[1..n] (Fortran-style indexing, as in the original).
c---------------------------------------------------------------------*/

  int i;
  double x,t1,t2,t3,t4,a1,a2,x1,x2,z;

  t1 = r23 * a;
  a1 = (int)t1;
  a2 = a - t23 * a1;
  x = *x_seed;

  for (i = 1; i <= n; i++) {
    t1 = r23 * x;
    x1 = (int)t1;
    x2 = x - t23 * x1;
    t1 = a1 * x2 + a2 * x1;
    t2 = (int)(r23 * t1);
    z = t1 - t23 * t2;
    t3 = t23 * z + a2 * x2;
    t4 = (int)(r46 * t3);
    x = t3 - t46 * t4;
    y[i] = r46 * x;
  }
  *x_seed = x;
}
