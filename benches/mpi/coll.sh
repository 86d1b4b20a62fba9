#!/bin/sh
# The collectives' control state over one-sided communication, every thread its own node
# (UPC_MPI_NODES=rank, TCP loopback, nothing of the other threads' control state mapped):
# time and remote operations per thread per call of a checked
# 4-byte upc_all_broadcast and upc_all_reduceI, ALLSYNC and MYSYNC.
#   benches/mpi/coll.sh            THREADS_LIST (default "2 4 8"), ITERS (default 50)
set -e
. "$(dirname "$0")/../common.sh" coll
if ! command -v mpicc >/dev/null 2>&1; then
    echo "# mpicc not found: no MPI conduit (apt-get install libopenmpi-dev openmpi-bin libclang-dev)"
    exit 0
fi
"$upc" -network=mpi -O2 -o "$out/checked" "$here/coll.upc"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
export UPC_SHARED_HEAP_SIZE=${UPC_SHARED_HEAP_SIZE:-16MB}
echo "# cores: $(nproc), load: $(cut -d' ' -f1-3 /proc/loadavg), iters=${ITERS:-50}"
for t in ${THREADS_LIST:-2 4 8}; do
    UPC_MPI_NODES=rank "$target/release/upcrun" -n "$t" \
        "$out/checked" "${ITERS:-50}"
done
