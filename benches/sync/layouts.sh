#!/bin/sh
# The 2-thread barrier's checked/unchecked ratio over several code layouts of one build:
# latency.upc is compiled with a function of 0, 16, 32 and 48 bytes placed before it, which
# moves the runtime's code (the same library) by that much in the program, checked and
# unchecked; compare.sh then runs them all against the unchecked build without the function.
#   benches/sync/layouts.sh UPC-CHECK [ROUNDS] [THREADS] [ITERS]
# A change to the checked barrier is judged by all the layouts' ratios, not by one of them: the
# same checked code has measured 1.07 to 1.11 here from one layout to the next, the unchecked
# builds within 0.02 of each other.
set -e
[ $# -ge 1 ] || { echo "usage: $0 UPC-CHECK [ROUNDS] [THREADS] [ITERS]" >&2; exit 2; }
upccheck=$1; rounds=${2:-150}; threads=${3:-2}; iters=${4:-20000}
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
builds=""
for pad in 0 16 32 48; do
    {
        [ "$pad" = 0 ] || echo "static void __attribute__((used, noinline)) layout_pad(void) { __asm__ volatile(\".skip $pad, 0x90\"); }"
        cat "$here/latency.upc"
    } >"$dir/latency$pad.upc"
    "$upccheck" -O3 -o "$dir/checked$pad" "$dir/latency$pad.upc"
    "$upccheck" -O3 --upccheck:-a --upccheck:-d -o "$dir/unchecked$pad" "$dir/latency$pad.upc"
    builds="$builds $dir/unchecked$pad $dir/checked$pad"
done
# shellcheck disable=SC2086
"$here/compare.sh" "$rounds" "$threads" "$iters" "$dir/unchecked0" $builds |
    sed "s|$dir/||g"
