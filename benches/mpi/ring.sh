#!/bin/sh
# The deadlock checker's ring over one-sided communication, every thread its own node
# (UPC_MPI_NODES=rank, TCP loopback): remote operations per thread per checked collective
# (upc_barrier, 4-byte upc_all_broadcast) from 2 to 64 ranks (oversubscribed), and the time
# of each collective checked (--upccheck:-a: the deadlock checks only) and unchecked.
#   benches/mpi/ring.sh            THREADS_LIST (default "2 4 8 16 32 64"), ITERS (default 100;
#                                  a fifth of it from 16 ranks on)
# Prints per thread count and collective: us per operation, and for the checked build the
# ring's remote operations per thread per collective (mean and maximum over the threads):
# one-sided atomics on words, signature gets, signature puts, and the polling of a word
# waited for (counted apart: it depends on timing, not on the protocol).
set -e
. "$(dirname "$0")/../common.sh" ring
if ! command -v mpicc >/dev/null 2>&1; then
    echo "# mpicc not found: no MPI conduit (apt-get install libopenmpi-dev openmpi-bin libclang-dev)"
    exit 0
fi
"$upc" -network=mpi -O2 --upccheck:-a -o "$out/checked" "$here/ring.upc"
"$upc" -network=mpi -O2 --upccheck:-a --upccheck:-d -o "$out/unchecked" "$here/ring.upc"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
ITERS=${ITERS:-100}
# (64 processes of the default heap do not fit a usual /dev/shm)
export UPC_SHARED_HEAP_SIZE=${UPC_SHARED_HEAP_SIZE:-16MB}
echo "# cores: $(nproc), load: $(cut -d' ' -f1-3 /proc/loadavg), iters=$ITERS"
for t in ${THREADS_LIST:-2 4 8 16 32 64}; do
    n=$ITERS
    [ "$t" -ge 16 ] && n=$(( (ITERS + 4) / 5 ))
    for b in checked unchecked; do
        UPC_MPI_NODES=rank "$target/release/upcrun" -n "$t" "$out/$b" "$n" | sed "s/^/$b /"
    done
done
