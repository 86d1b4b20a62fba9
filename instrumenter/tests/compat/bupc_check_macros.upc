/* A test written in the style of the Berkeley UPC regression suite: one
 * include of <upc_strict.h>, a family of check macros that report the file
 * and line of a failure and end the whole job with upc_global_exit, a
 * timed section with the bupc tick timer, and a final "done." line. */
#include <upc_strict.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef NUMELEMS
#define NUMELEMS 37
#endif

#define MSG(...) do { \
    printf("%s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); \
    fflush(stdout); \
} while (0)

#define ERR(...) do { \
    fprintf(stderr, "ERROR on thread %d at %s:%d: ", MYTHREAD, __FILE__, __LINE__); \
    fprintf(stderr, __VA_ARGS__); fprintf(stderr, "\n"); \
    upc_global_exit(1); \
} while (0)

#define CHECK(cond) do { if (!(cond)) ERR("check failed: %s", #cond); } while (0)
#define CHECKEQ(a, b) do { long _a = (long)(a), _b = (long)(b); \
    if (_a != _b) ERR("%s == %ld but %s == %ld", #a, _a, #b, _b); } while (0)

shared int A[NUMELEMS*THREADS];
shared [NUMELEMS] int B[NUMELEMS*THREADS];
shared [] int * shared C;
shared int errors;
shared long timing_ok[THREADS];

static int f(int i) { return 3 * i + 1; }

int main(int argc, char **argv) {
  int i, t;
  bupc_tick_t t0, t1;

  if (MYTHREAD == 0) {
    C = (shared [] int *)upc_alloc(NUMELEMS * THREADS * sizeof(int));
    CHECK(C != NULL);
    errors = 0;
  }
  upc_barrier;

  t0 = bupc_ticks_now();
  /* cyclic, blocked and indefinite arrays filled by their owners */
  upc_forall (i = 0; i < NUMELEMS*THREADS; i++; &A[i]) A[i] = f(i);
  upc_forall (i = 0; i < NUMELEMS*THREADS; i++; &B[i]) B[i] = f(i) + 1;
  upc_forall (i = 0; i < NUMELEMS*THREADS; i++; 0) C[i] = f(i) + 2;
  upc_barrier;
  t1 = bupc_ticks_now();
  timing_ok[MYTHREAD] = (t1 >= t0);

  /* every thread reads everything back */
  for (i = 0; i < NUMELEMS*THREADS; i++) {
    CHECKEQ(A[i], f(i));
    CHECKEQ(B[i], f(i) + 1);
    CHECKEQ(C[i], f(i) + 2);
    CHECKEQ(upc_threadof(&A[i]), i % THREADS);
    CHECKEQ(upc_threadof(&B[i]), i / NUMELEMS);
    CHECKEQ(upc_threadof(&C[i]), 0);
  }
  /* walking pointers agree with indexing */
  {
    shared int *pa = A;
    shared [NUMELEMS] int *pb = B;
    for (i = 0; i < NUMELEMS*THREADS; i++, pa++, pb++) {
      CHECK(pa == &A[i]);
      CHECK(pb == &B[i]);
      CHECKEQ(*pa + 1, *pb);
    }
    CHECKEQ(pa - A, NUMELEMS*THREADS);
    CHECKEQ(pb - B, NUMELEMS*THREADS);
  }
  upc_barrier;

  /* a strict read-modify-write under a lock */
  {
    static upc_lock_t *lock;
    lock = upc_all_lock_alloc();
    for (t = 0; t < 5; t++) {
      upc_lock(lock);
      errors += 0;
      A[0] = A[0] + 1;
      upc_unlock(lock);
    }
    upc_barrier;
    CHECKEQ(A[0], f(0) + 5 * THREADS);
    upc_barrier;
    if (MYTHREAD == 0) upc_lock_free(lock);
  }

  if (MYTHREAD == 0) {
    for (t = 0; t < THREADS; t++) CHECK(timing_ok[t]);
    MSG("%d elements per thread checked on %d threads", NUMELEMS, THREADS);
    upc_free(C);
    printf("done.\n");
  }
  return 0;
}
