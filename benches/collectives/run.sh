#!/bin/sh
# Collectives benchmark: builds the runtime (release), the UPC-side program and the Open MPI
# reference, then runs both for THREADS 2, 4, 8, 16 and prints the numbers.
#   benches/collectives/run.sh [iters] [work] [latency-iters]
# Needs cc; the MPI part needs mpicc/mpirun (Debian: openmpi-bin libopenmpi-dev) and is
# skipped without them.
set -e
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
target=${CARGO_TARGET_DIR:-$root/target}
out=${TMPDIR:-/tmp}/coll-bench.$$
mkdir -p "$out"
trap 'rm -rf "$out"' EXIT
(cd "$root" && cargo build --release -p pgas >/dev/null)
cc -O2 -I"$root/pgas/include" -I"$root/pgas/tests/c" -o "$out/coll_bench" "$here/coll_bench.c" \
    "$target/release/libpgas.a" -lpthread -ldl -lm -lrt
mpi=no
if command -v mpicc >/dev/null 2>&1 && command -v mpirun >/dev/null 2>&1; then
    mpicc -O2 -o "$out/mpi_bench" "$here/mpi_bench.c" && mpi=yes
fi
echo "# cores: $(nproc)"
for t in ${THREADS_LIST:-2 4 8 16}; do
    UPC_THREADS=$t "$out/coll_bench" "${1:-200}" "${2:-20000}" "${3:-2000}"
    if [ $mpi = yes ]; then
        mpirun --allow-run-as-root --oversubscribe -np "$t" "$out/mpi_bench" "${3:-2000}" 2>/dev/null || true
    fi
done
