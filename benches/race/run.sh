#!/bin/sh
# Cost of race checking: the STREAM-like kernel (upc_forall over blocked shared arrays), the
# CG-like kernel of benches/sync (remote reads of a shared vector, barriers, split phases)
# and a lock-heavy kernel, each built checked (the default) and checked with race checking
# (--upccheck:-r) at -O3, run interleaved (race, plain, plain, race, ... for PAIRS pairs),
# summarized as the median (and the smallest and largest) of the per-pair race/plain time
# ratios.  Memory: the shadow memory race checking touched (UPCCHECK_RACE_STATS=1, printed at
# the end of a run) per thread.
#   benches/race/run.sh [pairs]            (default 5)
# Environment: THREADS_LIST (default "2 4"), STREAM_ARGS (default "100000 20"),
# CG_ARGS (default "300 1400"), LOCK_ARGS (default "20000").
set -e
. "$(dirname "$0")/../common.sh" race
pairs=${1:-5}
for b in stream locks cg; do
    src="$here/$b.upc"
    [ "$b" = cg ] && src="$here/../sync/cg.upc"
    "$upc" -O3 -o "$out/$b.plain" "$src"
    "$upc" -O3 --upccheck:-r -o "$out/$b.race" "$src"
done
echo "# cores: $(nproc), pairs: $pairs, load: $(cut -d' ' -f1-3 /proc/loadavg)"

field() { echo "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
median() { sort -g | awk '{a[NR]=$1} END {if (NR == 0) print "nan"; else if (NR % 2) print a[(NR+1)/2]; else printf "%.6g\n", (a[NR/2]+a[NR/2+1])/2}'; }

printf "%-8s %7s %12s %12s %8s %8s %8s %14s\n" kernel threads plain_s race_s ratio min max shadow_MiB/thr
for b in stream cg locks; do
    case $b in
    stream) args=${STREAM_ARGS:-100000 20} ;;
    cg) args=${CG_ARGS:-300 1400} ;;
    locks) args=${LOCK_ARGS:-20000} ;;
    esac
    for t in ${THREADS_LIST:-2 4}; do
        : >"$out/ratios"; : >"$out/plain"; : >"$out/race"
        i=0
        while [ $i -lt "$pairs" ]; do
            if [ $((i % 2)) = 0 ]; then
                r=$(UPC_THREADS=$t UPCCHECK_RACE_STATS=1 "$out/$b.race" $args 2>"$out/stats")
                p=$(UPC_THREADS=$t "$out/$b.plain" $args)
            else
                p=$(UPC_THREADS=$t "$out/$b.plain" $args)
                r=$(UPC_THREADS=$t UPCCHECK_RACE_STATS=1 "$out/$b.race" $args 2>"$out/stats")
            fi
            tp=$(field time "$p"); tr=$(field time "$r")
            echo "$tp" >>"$out/plain"; echo "$tr" >>"$out/race"
            awk -v a="$tr" -v b="$tp" 'BEGIN {printf "%.4f\n", a / b}' >>"$out/ratios"
            i=$((i + 1))
        done
        mem=$(sed -n 's/.*shadow memory per thread: \([0-9.]*\) MiB.*/\1/p' "$out/stats" | tail -1)
        printf "%-8s %7s %12s %12s %8s %8s %8s %14s\n" "$b" "$t" "$(median <"$out/plain")" \
            "$(median <"$out/race")" "$(median <"$out/ratios")" "$(sort -g "$out/ratios" | head -1)" \
            "$(sort -g "$out/ratios" | tail -1)" "${mem:-?}"
    done
done
