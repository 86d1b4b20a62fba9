#!/bin/sh
# Non-blocking Collectives 2.0 (upccoll_bcast + upccoll_allreduce overlapped with computation)
# against the blocking form, and the same against MPI_Ibcast/MPI_Iallreduce (Open MPI).
# Builds nbcoll.upc unchecked at -O3 and mpi_nbcoll.c, runs them interleaved ROUNDS times at
# each thread count and prints, per system, the medians of: computation alone, blocking round,
# non-blocking round (microseconds) and non-blocking/blocking.
#   benches/coll2/run.sh [rounds]                 (default 5)
# Environment: THREADS_LIST (default "2 4"), N (doubles, default 1024), WORK (default 20),
# ITERS (default 200).
set -e
. "$(dirname "$0")/../common.sh" coll2
rounds=${1:-5}
"$upc" -O3 --upccheck:-a --upccheck:-d -o "$out/nb" "$here/nbcoll.upc"
mpi=no
if command -v mpicc >/dev/null 2>&1 && mpicc -O3 -o "$out/mnb" "$here/mpi_nbcoll.c"; then
    mpi=yes
else
    echo "# mpicc not found: no MPI reference (apt-get install libopenmpi-dev openmpi-bin)"
fi
export OMPI_MCA_btl_vader_single_copy_mechanism=none
N=${N:-1024}; WORK=${WORK:-20}; ITERS=${ITERS:-200}
echo "# cores: $(nproc), rounds: $rounds, n=$N work=$WORK iters=$ITERS, load: $(cut -d' ' -f1-3 /proc/loadavg)"
for t in ${THREADS_LIST:-2 4}; do
    : >"$out/upc.$t"; : >"$out/mpi.$t"
    i=0
    while [ $i -lt "$rounds" ]; do
        UPC_THREADS=$t "$out/nb" "$N" "$WORK" "$ITERS" >>"$out/upc.$t"
        if [ $mpi = yes ]; then
            mpirun --allow-run-as-root --oversubscribe -np "$t" "$out/mnb" "$N" "$WORK" "$ITERS" 2>/dev/null | grep '^mpi' >>"$out/mpi.$t"
        fi
        i=$((i + 1))
    done
    for sys in upc mpi; do
        [ -s "$out/$sys.$t" ] || continue
        awk -v sys=$sys -v t=$t '
            function med(a, n,   i, j, x) { for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x } return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
            { for (k = 1; k <= NF; k++) { split($k, kv, "="); v[kv[1]] = kv[2] }
              n++; c[n] = v["compute_us"]; b[n] = v["blocking_us"]; nb[n] = v["nonblocking_us"]; r[n] = v["nonblocking_us"] / v["blocking_us"] }
            END { printf "%s threads=%d  compute %.1f us  blocking %.1f us  non-blocking %.1f us  non-blocking/blocking %.2f\n", sys, t, med(c, n), med(b, n), med(nb, n), med(r, n) }' "$out/$sys.$t"
    done
done
