/* Prints the results of the inline pointer-to-shared functions of upcr.h for THREADS 3 and 4,
 * every block size in a set, for every pair of elements of a 30-element array; the Rust test
 * compares every line with the reference implementation.  No job is started: only the
 * arithmetic, with upcr_threads set by hand. */
#include <stdio.h>
#include "upcr.h"

int main(void)
{
    static const size_t blocks[] = {0, 1, 2, 3, 5, 7, 64};
    static const size_t elems[] = {4, 8, 12};
    const size_t N = 30, off = 1 << 20;
    for (int T = 3; T <= 4; T++) {
        upcr_threads = T;
        for (size_t bi = 0; bi < sizeof blocks / sizeof *blocks; bi++)
            for (size_t ei = 0; ei < sizeof elems / sizeof *elems; ei++) {
                size_t B = blocks[bi], E = elems[ei];
                printf("L %d %zu %zu %zu\n", T, B, E, upcr_local_bytes(N, B, E));
                for (size_t i = 0; i < N; i++) {
                    upcr_pshared_t p = upcr_ps_elem(off, i, E, B);
                    /* upcr_elem_local must agree with upcr_ps_elem. */
                    upcr_seg_base = (char *)0x10000000;
                    upcr_part_size = 1 << 24;
                    if (upcr_elem_local(off, i, E, B) != upcr_ps_local(p)) {
                        printf("MISMATCH elem_local %d %zu %zu %zu\n", T, B, E, i);
                    }
                    printf("E %d %zu %zu %zu %u %u %llu\n", T, B, E, i, p.thread, p.phase,
                           (unsigned long long)p.addr);
                    for (size_t j = 0; j < N; j++) {
                        long long n = (long long)j - (long long)i;
                        upcr_pshared_t q = upcr_ps_add(p, n, E, B);
                        upcr_pshared_t r = upcr_ps_elem(off, j, E, B);
                        printf("A %d %zu %zu %zu %lld %u %u %llu %lld %d\n", T, B, E, i, n,
                               q.thread, q.phase, (unsigned long long)q.addr,
                               (long long)upcr_ps_diff(r, p, E, B), upcr_ps_cmp(r, p, E, B));
                    }
                }
            }
    }
    return 0;
}
