#!/bin/sh
# Race checking over several nodes (every thread its own node, UPC_MPI_NODES=rank, TCP
# loopback): nodes.upc built checked (the default checks) and checked with race checking
# (--upccheck:-r), run interleaved; each run prints the time per read of another node's
# element (each one a request to its owner's process with race checking) and per repetition.
#   benches/race/nodes.sh [pairs]     (default 3)
# Environment: THREADS_LIST (default "2 4"), REPS (default 20).
set -e
. "$(dirname "$0")/../common.sh" race-nodes
if ! command -v mpicc >/dev/null 2>&1; then
    echo "# mpicc not found: no MPI conduit (apt-get install libopenmpi-dev openmpi-bin libclang-dev)"
    exit 0
fi
pairs=${1:-3}
"$upc" -network=mpi -O2 -o "$out/plain" "$here/nodes.upc"
"$upc" -network=mpi -O2 --upccheck:-r -o "$out/race" "$here/nodes.upc"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
echo "# cores: $(nproc), pairs: $pairs, load: $(cut -d' ' -f1-3 /proc/loadavg)"
for t in ${THREADS_LIST:-2 4}; do
    i=0
    while [ "$i" -lt "$pairs" ]; do
        for b in race plain; do
            printf "threads=%s %-5s " "$t" "$b"
            UPC_MPI_NODES=rank "$target/release/upcrun" -n "$t" "$out/$b" "${REPS:-20}"
        done
        i=$((i + 1))
    done
done
