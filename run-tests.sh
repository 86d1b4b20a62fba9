#!/usr/bin/env bash
# The whole test suite: unit, property and integration tests of every crate, then the
# error-detection suite (rted-tests/) and the checked examples through `upc-check test`.
set -euo pipefail
cd "$(dirname "$0")"
# where the time goes: seconds since the start before each part
at() { echo "run-tests.sh: ${SECONDS} s: $*"; }
at build
cargo build --release --locked --workspace
at cargo test
cargo test --release --locked --workspace
# threads far outnumbering the cores: the compatibility corpus's upc_forall and STREAM
# programs at 16 and 32 threads (a thread whose first iteration lies past the index's type,
# the waits of 32 threads on 2 cores); about 20 s
at compatibility corpus: upc_forall and STREAM at 16 and 32 threads
for f in forall stream; do
    COMPAT_BUILDS=gcc-dyn COMPAT_THREADS=16,32 cargo test --release --locked -p instrumenter \
        --test compat -- "$f"
done
at rted-tests and examples
mkdir -p target/test-reports
for d in args-collective args-io args-upc deadlock forall races teams; do
    target/release/upc-check test "rted-tests/$d" --junit "target/test-reports/rted-$d.xml"
done
target/release/upc-check test examples --junit target/test-reports/examples.xml
target/release/upc-check test pgas/tests/upc --junit target/test-reports/pgas-upc.xml
# the examples and the runtime's UPC tests built for the MPI conduit, when upc-check has it
# (.ci/run installs Open MPI and libclang); mpirun as root needs to be told twice, and Open MPI's
# single-copy mechanism (CMA) does not work in containers
if target/release/upc-check -network=mpi -c -o /dev/null -x upc /dev/null 2>/dev/null; then
    at MPI conduit
    if [ "$(id -u)" = 0 ]; then
        export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
    fi
    export OMPI_MCA_btl_vader_single_copy_mechanism=none
    target/release/upc-check test examples --network mpi --junit target/test-reports/examples-mpi.xml
    target/release/upc-check test pgas/tests/upc --network mpi --junit target/test-reports/pgas-upc-mpi.xml
    # every thread its own node (TCP loopback): the examples at 1, 2, 4 and 8 threads and the
    # runtime's UPC tests at 1-5 and 8 (each program at those of them its header allows;
    # sync.upc takes its lock 10^3 times there instead of 10^5, seeing UPC_MPI_NODES); about
    # 2 minutes.
    # In that mode nothing of the control state is shared between the processes: each maps
    # only its own part, and any other access must go through MPI (or the run faults)
    UPC_MPI_NODES=rank target/release/upc-check test examples --network mpi --threads 1,2,4,8 \
        -j 1 --junit target/test-reports/examples-mpi-rank.xml
    UPC_MPI_NODES=rank target/release/upc-check test pgas/tests/upc --network mpi \
        --threads 1,2,3,4,5,8 -j 1 --junit target/test-reports/pgas-upc-mpi-rank.xml
    # the compatibility corpus (programs written the way public UPC code is) built for the
    # MPI conduit, at 3 threads, every thread its own node; about 4 minutes
    at MPI conduit: compatibility corpus
    COMPAT_BUILDS=gcc-mpi-rank COMPAT_THREADS=3 COMPAT_NAS_NP= \
        cargo test --release --locked -p instrumenter --test compat
    # the checks with every thread its own node (the deadlock checker's ring over one-sided
    # operations): a subset of rted-tests at 2 and 4 threads (this and the next two parts
    # took 145 s on 2 cores)
    at MPI conduit: checks
    rcheck=$(mktemp -d)
    for t in deadlock/barrier_vs_broadcast deadlock/barrier_vs_reduce deadlock/chain_finished \
        deadlock/early_return deadlock/finished_at_reduce deadlock/gather_all_vs_exchange \
        deadlock/order_swapped deadlock/skipped_broadcast deadlock/loop_count \
        deadlock/scatter_vs_gather deadlock/fewer_iterations deadlock/reduce_after_many_iterations \
        deadlock/remote_reads_then_barrier \
        teams/team_mismatch teams/opposite_team_order \
        args-collective/broadcast_dst_affinity forall/affinity_not_sv; do
        cp "rted-tests/${t}_err.upc" "rted-tests/${t}_ok.upc" "$rcheck/"
    done
    UPC_MPI_NODES=rank target/release/upc-check test "$rcheck" --network mpi --threads 2,4 -j 1 \
        --junit target/test-reports/rted-mpi-rank.xml
    rm -rf "$rcheck"
    # more of every folder but races in that mode: locks, UPC-IO, teams, upc_forall, argument
    # checks; three-thread programs (skipped at 2), a thread spinning in user code on its own
    # relaxed data while the others' operations aim at it (the conduit's progress thread,
    # lock_held_into_reduce_array) and a few at 8 threads
    rmore=$(mktemp -d)
    for t in deadlock/lock_held_into_reduce_array deadlock/lock_array_cycle_three \
        deadlock/chain_three_into_barrier deadlock/io_read_vs_write teams/lock_across_wait \
        args-upc/lock_free_twice args-upc/attempt_freed args-upc/all_lock_freed_by_one \
        args-io/fseek_common_sv args-io/fread_shared_count_differs args-io/async_twice \
        args-collective/sv_reduce_nelems args-collective/reduce_bad_op \
        forall/cond_not_sv forall/nested_forall_reduce; do
        cp "rted-tests/${t}_err.upc" "rted-tests/${t}_ok.upc" "$rmore/"
    done
    UPC_MPI_NODES=rank target/release/upc-check test "$rmore" --network mpi --threads 2,4 -j 1 \
        --junit target/test-reports/rted-mpi-rank-more.xml
    rm -rf "$rmore"
    rmore8=$(mktemp -d)
    # (philosophers: 16 000 contended lock operations, each hand-off woken by the doorbell)
    for t in deadlock/lock_held_into_reduce_array deadlock/lock_array_cycle_three \
        deadlock/philosophers teams/lock_across_wait args-upc/all_lock_freed_by_one; do
        cp "rted-tests/${t}_err.upc" "rted-tests/${t}_ok.upc" "$rmore8/"
    done
    UPC_MPI_NODES=rank target/release/upc-check test "$rmore8" --network mpi --threads 8 -j 1 \
        --junit target/test-reports/rted-mpi-rank8.xml
    rm -rf "$rmore8"
    # race checking over several nodes (each access to another node's data checked by its
    # owner's process, the clocks at thread 0's node): a subset of rted-tests/races, one pair
    # per kind of synchronization and of shadow state (byte cells, page summaries), at 2
    # threads with every thread its own node and at 4 in two pseudo-nodes of 2 (node-mates
    # share their shadow); about 1.5 minutes (the whole folder passes at 2, 3 and 4 in both
    # modes; one node is the conformance mode mpi-race and tests/mpi.rs)
    at MPI conduit: race checking
    rrace=$(mktemp -d)
    for t in get_then_put compound_remote strict_flag_ring strict_pragma relaxed_flag \
        lock_order_hides read_outside_lock per_element_locks atomic_vs_plain \
        big_forall_neighbor_read char_neighbours bitfield_status broadcast_in_nosync \
        reduce_in_mysync coll2_bcast_sendbuf nb_put_then_write memget_vs_write io_fwrite_async \
        all_alloc_ring strict_flag_late_write struct_arrow split_phase_overlap; do
        cp "rted-tests/races/${t}_err.upc" "rted-tests/races/${t}_ok.upc" "$rrace/"
    done
    UPC_MPI_NODES=rank target/release/upc-check test "$rrace" --network mpi --threads 2 -j 1 \
        --junit target/test-reports/rted-races-mpi-rank.xml
    UPC_MPI_NODES=2 target/release/upc-check test "$rrace" --network mpi --threads 4 -j 1 \
        --junit target/test-reports/rted-races-mpi-nodes2.xml
    rm -rf "$rrace"
else
    echo "run-tests.sh: the MPI conduit is not built (no Open MPI or libclang): its tests are skipped"
fi
# the same examples built with clang as the backend C compiler (.ci/run installs it)
if command -v clang >/dev/null 2>&1; then
    at clang
    UPCCHECK_CC=clang target/release/upc-check test examples --junit target/test-reports/examples-clang.xml
fi
at done
