#!/bin/sh
# Synchronization benchmarks: the CG-like and MG-like kernels and barrier/lock latency, each
# built checked (default) and unchecked (--upccheck:-a --upccheck:-d) at -O3, run interleaved
# (checked, unchecked, unchecked, checked, ... for PAIRS pairs) and summarized as medians of
# the per-pair checked/unchecked ratios.  The barrier latency also runs MPI_Barrier (Open MPI)
# in every pair and prints UPC/MPI ratios.
#   benches/sync/run.sh [pairs]            (default 10)
# The kernels are built in several code layouts (LAYOUTS: a function of that many bytes put
# before the program, which moves the program's code; its private arrays sit at fixed places
# in both builds): every pair runs each layout, and the ratio is given per layout and as the
# geometric mean of the layouts' medians.  One layout alone can be off by several hundredths
# either way (see benches/README.md, `sync/`).
# Environment: KERNEL_THREADS (default "2 4"), LATENCY_THREADS (default "2 4 8 16"),
# CG_ARGS (default "1000"), MG_ARGS (default "200"), LAT_ITERS (default 20000),
# BENCHES (default "cg mg latency"), LAYOUTS (default "0 16 32 48").
# Open MPI is installed with apt-get when mpicc is missing (skipped if that fails).
set -e
. "$(dirname "$0")/../common.sh" sync
pairs=${1:-10}
layouts=${LAYOUTS:-0 16 32 48}
# build BENCH PAD: $out/BENCH.PAD.checked and .unchecked
build() {
    {
        [ "$2" = 0 ] || echo "static void __attribute__((used, noinline)) layout_pad(void) { __asm__ volatile(\".skip $2, 0x90\"); }"
        cat "$here/$1.upc"
    } >"$out/$1.$2.upc"
    "$upc" -O3 -o "$out/$1.$2.checked" "$out/$1.$2.upc"
    "$upc" -O3 --upccheck:-a --upccheck:-d -o "$out/$1.$2.unchecked" "$out/$1.$2.upc"
}
for b in cg mg; do
    for pad in $layouts; do build $b "$pad"; done
done
build latency 0
mpi=no
if ! command -v mpicc >/dev/null 2>&1; then
    echo "# installing Open MPI (libopenmpi-dev openmpi-bin) for the MPI_Barrier reference"
    (apt-get install -y libopenmpi-dev openmpi-bin >/dev/null 2>&1 ||
        (apt-get update >/dev/null 2>&1 && apt-get install -y libopenmpi-dev openmpi-bin >/dev/null 2>&1)) ||
        echo "# Open MPI not available: no MPI_Barrier reference"
fi
if command -v mpicc >/dev/null 2>&1 && mpicc -O3 -o "$out/mpi_barrier" "$here/mpi_barrier.c"; then
    mpi=yes
fi
export OMPI_MCA_btl_vader_single_copy_mechanism=none
echo "# cores: $(nproc), pairs: $pairs, load: $(cut -d' ' -f1-3 /proc/loadavg)"

# field VALUE-NAME LINE: the number after "NAME=" in LINE
field() { echo "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"; }

# median of the numbers on stdin
median() { sort -g | awk '{a[NR]=$1} END {if (NR == 0) print "nan"; else if (NR % 2) print a[(NR+1)/2]; else printf "%.6g\n", (a[NR/2]+a[NR/2+1])/2}'; }

# run_pair BUILD THREADS ARGS...: one checked and one unchecked run of $out/BUILD, order
# alternating by pair
run_pair() {
    w=$1; t=$2; shift 2
    if [ $((i % 2)) = 0 ]; then
        c=$(UPC_THREADS=$t "$out/$w.checked" "$@"); u=$(UPC_THREADS=$t "$out/$w.unchecked" "$@")
    else
        u=$(UPC_THREADS=$t "$out/$w.unchecked" "$@"); c=$(UPC_THREADS=$t "$out/$w.checked" "$@")
    fi
}

for b in ${BENCHES:-cg mg latency}; do
    case $b in
    cg | mg)
        [ $b = cg ] && args=${CG_ARGS:-1000} || args=${MG_ARGS:-200}
        for t in ${KERNEL_THREADS:-2 4}; do
            for pad in $layouts; do : >"$out/r.$pad"; : >"$out/c.$pad"; : >"$out/u.$pad"; done
            i=0
            while [ $i -lt "$pairs" ]; do
                for pad in $layouts; do
                    # shellcheck disable=SC2086
                    run_pair $b.$pad "$t" $args
                    tc=$(field time "$c"); tu=$(field time "$u")
                    echo "$tc" >>"$out/c.$pad"; echo "$tu" >>"$out/u.$pad"
                    awk -v a="$tc" -v b="$tu" 'BEGIN {print a / b}' >>"$out/r.$pad"
                done
                i=$((i + 1))
            done
            per=""; : >"$out/m"
            for pad in $layouts; do
                m=$(median <"$out/r.$pad")
                echo "$m" >>"$out/m"
                per="$per $(printf '%.3f' "$m")"
            done
            printf '%-8s threads=%-2s median time: checked %.4f s  unchecked %.4f s   checked/unchecked: geometric mean of the layouts %.3f  (layouts:%s)\n' \
                $b "$t" "$(cat "$out"/c.* | median)" "$(cat "$out"/u.* | median)" \
                "$(awk '{s += log($1)} END {print exp(s / NR)}' "$out/m")" "$per"
        done
        ;;
    latency)
        iters=${LAT_ITERS:-20000}
        for t in ${LATENCY_THREADS:-2 4 8 16}; do
            for m in barrier_us notify_wait_us lock_contended_us lock_uncontended_us; do
                : >"$out/$m.c"; : >"$out/$m.u"; : >"$out/$m.r"
            done
            : >"$out/mpi"; : >"$out/um"; : >"$out/cm"
            i=0
            while [ $i -lt "$pairs" ]; do
                run_pair latency.0 "$t" "$iters"
                for m in barrier_us notify_wait_us lock_contended_us lock_uncontended_us; do
                    vc=$(field $m "$c"); vu=$(field $m "$u")
                    echo "$vc" >>"$out/$m.c"; echo "$vu" >>"$out/$m.u"
                    awk -v a="$vc" -v b="$vu" 'BEGIN {print a / b}' >>"$out/$m.r"
                done
                if [ $mpi = yes ]; then
                    mo=$(mpirun --allow-run-as-root --oversubscribe -np "$t" "$out/mpi_barrier" "$iters" 2>/dev/null || true)
                    vm=$(field barrier_us "$mo")
                    if [ -n "$vm" ]; then
                        echo "$vm" >>"$out/mpi"
                        awk -v a="$(field barrier_us "$u")" -v b="$vm" 'BEGIN {print a / b}' >>"$out/um"
                        awk -v a="$(field barrier_us "$c")" -v b="$vm" 'BEGIN {print a / b}' >>"$out/cm"
                    fi
                fi
                i=$((i + 1))
            done
            for m in barrier_us notify_wait_us lock_contended_us lock_uncontended_us; do
                printf '%-8s threads=%-2s %-20s median: checked %8.3f  unchecked %8.3f   checked/unchecked median ratio %.3f\n' \
                    latency "$t" "$m" "$(median <"$out/$m.c")" "$(median <"$out/$m.u")" "$(median <"$out/$m.r")"
            done
            if [ -s "$out/mpi" ]; then
                printf '%-8s threads=%-2s MPI_Barrier us median %8.3f   UPC/MPI median ratio: unchecked %.3f  checked %.3f\n' \
                    latency "$t" "$(median <"$out/mpi")" "$(median <"$out/um")" "$(median <"$out/cm")"
            fi
        done
        ;;
    esac
done
