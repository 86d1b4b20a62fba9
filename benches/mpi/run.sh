#!/bin/sh
# Remote get/put through UPC against raw MPI one-sided communication on the same memory, in the
# same run, with every thread its own node (UPC_MPI_NODES=rank: Open MPI over TCP loopback,
# osc pt2pt), and the smp conduit's shared-access cost before and after the remote data plane
# (the STREAM kernels of benches/stream, paired runs of the default build).
#   benches/mpi/run.sh [rounds]        (default 3)
# Environment: THREADS_LIST (default "2 4"), ITERS (remote accesses per latency measure,
# default 2000), SIZE (bytes per upc_memget/upc_memput, default 1 MiB), REPS (default 200;
# with 50 a single slow transfer under load moved the ratio by 0.1),
# BASE (a git revision whose smp build is compared with this one; default: none),
# LOCK_PAIRS (lock/unlock pairs per measure of benches/mpi/locks.upc, default 300),
# BARRIER_THREADS (default "2 4 8") and BARRIER_ITERS (default 2000) for the barriers
# (benches/sync/latency.upc against benches/sync/mpi_barrier.c, both over TCP loopback).
# Prints per thread count the median of each measure: UPC, raw MPI, and MPI/UPC (1.0: as fast
# as raw MPI; the goal is >= 0.9).
set -e
. "$(dirname "$0")/../common.sh" mpi
rounds=${1:-3}
ITERS=${ITERS:-2000}; SIZE=${SIZE:-1048576}; REPS=${REPS:-200}
if ! command -v mpicc >/dev/null 2>&1; then
    echo "# mpicc not found: no MPI conduit (apt-get install libopenmpi-dev openmpi-bin libclang-dev)"
    exit 0
fi
inc=$(mpicc --showme:incdirs | awk '{ for (i = 1; i <= NF; i++) printf "-I%s ", $i }')
# shellcheck disable=SC2086
"$upc" -network=mpi -O2 --upccheck:-a --upccheck:-d $inc -o "$out/rma" "$here/rma.upc"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
echo "# cores: $(nproc), rounds: $rounds, iters=$ITERS size=$SIZE reps=$REPS, load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# every thread its own node (UPC_MPI_NODES=rank, TCP loopback); thread 0 reaches thread 1"
# the target waits at a upc_barrier (the runtime's wait: short sleeps, woken by UPC accesses)
# or inside MPI_Barrier (always in MPI: the UPC layer's own cost)
for wait in upc mpi; do
echo "# the other threads wait in: $wait"
for t in ${THREADS_LIST:-2 4}; do
    : >"$out/rma.$t"
    i=0
    while [ $i -lt "$rounds" ]; do
        UPC_MPI_NODES=rank "$target/release/upcrun" -n "$t" "$out/rma" "$ITERS" "$SIZE" "$REPS" "$wait" >>"$out/rma.$t"
        i=$((i + 1))
    done
    awk -v t="$t" '
        function med(a, n,   i, j, x) { for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x } return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
        { n[$1]++; u[$1, n[$1]] = $2; m[$1, n[$1]] = $3; r[$1, n[$1]] = $4; if (!($1 in seen)) { seen[$1] = 1; order[++k] = $1 } }
        END { for (q = 1; q <= k; q++) { name = order[q]; c = n[name]
                for (i = 1; i <= c; i++) { uu[i] = u[name, i]; mm[i] = m[name, i]; rr[i] = r[name, i] }
                unit = name ~ /MBps/ ? "MB/s" : "us"
                printf "threads=%d %-22s upc %9.2f %s  mpi %9.2f %s  mpi/upc %.3f\n", t, name, med(uu, c), unit, med(mm, c), unit, med(rr, c) } }' "$out/rma.$t"
done
done
# Lock pairs with every thread its own node (queue locks on MPI atomics): uncontended on the
# caller's own lock and on thread 0's, and contended, one line each per run
"$upc" -network=mpi -O2 -o "$out/locks" "$here/locks.upc"
for t in ${THREADS_LIST:-2 4}; do
    i=0
    while [ $i -lt "$rounds" ]; do
        UPC_MPI_NODES=rank "$target/release/upcrun" -n "$t" "$out/locks" "${LOCK_PAIRS:-300}" | sed "s/^/threads=$t /"
        i=$((i + 1))
    done
done
# Barriers over MPI (every thread its own node: upc_barrier and upc_notify/upc_wait are one
# MPI_Iallreduce each) against MPI_Barrier under the same transport, alternating in rounds;
# also the lock latencies of the same program (locks are still in the node's shared window).
"$upc" -network=mpi -O2 --upccheck:-a --upccheck:-d -o "$out/latency" "$root/benches/sync/latency.upc"
mpicc -O2 -o "$out/mpi_barrier" "$root/benches/sync/mpi_barrier.c"
echo "# barriers, every thread its own node: UPC (unchecked) against MPI_Barrier, BARRIER_ITERS=${BARRIER_ITERS:=2000}"
for t in ${BARRIER_THREADS:-2 4 8}; do
    : >"$out/bar.$t"
    i=0
    while [ $i -lt "$rounds" ]; do
        u=$(UPC_MPI_NODES=rank "$target/release/upcrun" -n "$t" "$out/latency" "$BARRIER_ITERS" | sed -n 's/.*barrier_us=\([0-9.]*\) notify_wait_us=\([0-9.]*\).*/\1 \2/p')
        m=$(mpirun --oversubscribe -n "$t" --mca pml ob1 --mca btl tcp,self --mca osc sm,pt2pt "$out/mpi_barrier" "$BARRIER_ITERS" | sed -n 's/.*barrier_us=\([0-9.]*\).*/\1/p')
        echo "$u $m" >>"$out/bar.$t"
        i=$((i + 1))
    done
    sort -n "$out/bar.$t" | awk -v t="$t" '{ b[NR] = $1; s[NR] = $2; m[NR] = $3; r[NR] = $3 / $1 }
        function med(a, n,   i, j, x) { for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x } return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
        END { printf "threads=%d upc_barrier %8.2f us  upc_notify+upc_wait %8.2f us  MPI_Barrier %8.2f us  mpi/upc %.3f\n", t, med(b, NR), med(s, NR), med(m, NR), med(r, NR) }'
done
# The smp conduit: the remote data plane changes nothing in the code the translator emits for
# the default build; with BASE, the generated C of the benchmarks and of the conformance
# programs (the program's own lines, without the headers) is compared with BASE's, byte for
# byte, then the STREAM kernels run paired.
if [ -n "$BASE" ]; then
    echo "# smp conduit, this tree against $BASE"
    git -C "$root" worktree add -q --detach "$out/base" "$BASE"
    (cd "$out/base" && CARGO_TARGET_DIR="$out/base-target" cargo build --release -q)
    same=0; differ=0
    for f in "$root"/benches/*/*.upc "$root"/instrumenter/tests/conformance/*.upc; do
        n=$(basename "$f" .upc)
        mkdir -p "$out/c-this" "$out/c-base"
        (cd "$out/c-this" && "$upc" -trans -I"$(dirname "$f")" "$f" -o "$n" >/dev/null 2>&1) || continue
        (cd "$out/c-base" && UPCCHECK_HOME="$out/base" "$out/base-target/release/upc-check" -trans -I"$(dirname "$f")" "$f" -o "$n" >/dev/null 2>&1) || continue
        # the program's own lines (the headers of this tree declare more)
        for d in this base; do
            awk -v main="$n.upc" '/^# [0-9]+ "/ { f = $3; gsub(/"/, "", f); keep = (f ~ ("(^|/)" main "$")); next } keep' \
                "$out/c-$d/$n.trans.c" >"$out/c-$d/$n.user.c"
        done
        if cmp -s "$out/c-this/$n.user.c" "$out/c-base/$n.user.c"; then
            same=$((same + 1))
        else
            differ=$((differ + 1)); echo "generated C differs: $f"
        fi
    done
    echo "smp generated C: $same programs identical, $differ different"
    for r in 1 2 3; do
        printf "this: "; CARGO_TARGET_DIR="$target" sh "$root/benches/stream/run.sh" 3 2>/dev/null | tail -1
        printf "base: "; (cd "$out/base" && CARGO_TARGET_DIR="$out/base-target" sh benches/stream/run.sh 3 2>/dev/null | tail -1)
    done
    git -C "$root" worktree remove --force "$out/base"
fi
