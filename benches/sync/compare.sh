#!/bin/sh
# Barrier latency of several builds of benches/sync/latency.upc against one base build, run
# interleaved: each round runs the base, then every other build, and the ratio of each build
# to the base of its own round is kept; printed are the medians of those ratios.  For judging
# a change to the checked barrier: build latency.upc with the upc-check before and after the
# change (and unchecked, --upccheck:-a --upccheck:-d, as the base), then
#   benches/sync/compare.sh ROUNDS THREADS ITERS BASE BUILD...
# e.g. benches/sync/compare.sh 50 2 20000 ./lat.unchecked ./lat.before ./lat.after
# A second copy of the base among the builds shows the noise (its ratio should be 1).
set -e
[ $# -ge 5 ] || { echo "usage: $0 ROUNDS THREADS ITERS BASE BUILD..." >&2; exit 2; }
rounds=$1; threads=$2; iters=$3; base=$4; shift 4
raw=$(mktemp)
trap 'rm -f "$raw"' EXIT
# fields BUILD-LINE: "barrier notify_wait" microseconds
fields() { echo "$1" | sed 's/.*barrier_us=\([0-9.]*\) notify_wait_us=\([0-9.]*\).*/\1 \2/'; }
i=0
# (a build that fails stops the script: its output is assigned first)
while [ "$i" -lt "$rounds" ]; do
    out=$(UPC_THREADS=$threads "$base" "$iters")
    b=$(fields "$out")
    k=0
    for build in "$@"; do
        out=$(UPC_THREADS=$threads "$build" "$iters")
        echo "$k $b $(fields "$out")" >>"$raw"
        k=$((k + 1))
    done
    i=$((i + 1))
done
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
k=0
for build in "$@"; do
    br=$(awk -v k=$k '$1==k {print $4/$2}' "$raw" | median)
    nr=$(awk -v k=$k '$1==k {print $5/$3}' "$raw" | median)
    printf '%-30s barrier %.3f  notify+wait %.3f  (median ratio to %s, %s rounds, %s threads)\n' \
        "$build" "$br" "$nr" "$base" "$rounds" "$threads"
    k=$((k + 1))
done
