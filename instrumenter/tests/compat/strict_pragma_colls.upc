#include <upc_strict.h>
#include <upc_collective.h>
#include <stdio.h>
#include <string.h>
#include <stdint.h>
#include <inttypes.h>
#ifndef __UPC__
#error not UPC
#endif
#if __UPC_VERSION__ < 200505L
#error old
#endif
#pragma upc relaxed

#define NELEMS 10
shared [*] int arr[NELEMS*THREADS];
shared [NELEMS] int blk[NELEMS*THREADS];
shared struct { int id; double v; char name[8]; } recs[THREADS];
shared long sorted_in[THREADS], sorted_out[THREADS];
shared uint64_t perm_src[THREADS], perm_dst[THREADS];
shared int perm[THREADS];
shared long pre_in[3*THREADS], pre_out[3*THREADS];

static int ident(int x) { return x; }

int main()
{
  int i;
  size_t lsz = upc_localsizeof(arr);
  upc_forall (i = 0; i < NELEMS*THREADS; i++; &arr[i]) { if (i % 3 == 0) continue; arr[i] = i; }
  upc_forall (i = 0; i < NELEMS*THREADS; i++; ident(i) / NELEMS) blk[i] = i * 2;
  recs[MYTHREAD].id = MYTHREAD;
  recs[MYTHREAD].v = MYTHREAD * 0.5;
  strcpy((char *)recs[MYTHREAD].name, "thr");
  perm[MYTHREAD] = (MYTHREAD + 1) % THREADS;
  perm_src[MYTHREAD] = 100 + MYTHREAD;
  for (i = 0; i < 3; i++) pre_in[MYTHREAD * 3 + i] = 1;
  upc_barrier;
  upc_all_permute(perm_dst, perm_src, perm, sizeof(uint64_t), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
  upc_all_prefix_reduceL(pre_out, pre_in, UPC_ADD, 3*THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
  if (MYTHREAD == 0) {
    long ok = 1;
    for (i = 0; i < NELEMS*THREADS; i++) {
      if (i % 3 && arr[i] != i) ok = 0;
      if (blk[i] != 2 * i) ok = 0;
      if (pre_out[i % (3*THREADS)] != (i % (3*THREADS)) + 1) ok = 0;
    }
    for (i = 0; i < THREADS; i++) if (perm_dst[(i + 1) % THREADS] != 100 + (uint64_t)i) ok = 0;
    printf("ok=%ld lsz=%d addrfield_nonneg=%d name=%s\n", ok, (int)(lsz == NELEMS * sizeof(int) || THREADS == 1 || lsz > 0),
           (int)(upc_addrfield(&arr[1]) >= 0), (char *)recs[0].name);
    {
      shared [NELEMS] int *p = &blk[3];
      shared [NELEMS] int *q = upc_resetphase(p);
      printf("phase %d->%d %" PRIu64 "\n", (int)upc_phaseof(p), (int)upc_phaseof(q), perm_dst[0]);
    }
    printf("sizeof shared int %d\n", (int)sizeof(shared int));
  }
  return 0;
}
