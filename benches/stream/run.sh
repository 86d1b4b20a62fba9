#!/bin/sh
# STREAM in UPC (forall over pointers-to-shared with block 1 and blocked, over shared arrays,
# through local pointers) and in C with OpenMP.  Builds stream.upc checked (the default)
# and unchecked (--upccheck:-a --upccheck:-d) at -O3, and stream_omp.c with gcc -fopenmp;
# runs ROUNDS interleaved rounds (checked, unchecked, OpenMP) for each size and prints the
# median GB/s of every form and kernel and the medians of the per-round ratios:
#   forall over pointers-to-shared / local pointers (unchecked),
#   checked / unchecked (every form), UPC / OpenMP (same kernel, unchecked).
#   benches/stream/run.sh [rounds]          (default 9)
# Environment: THREADS (default 2), SIZES (default "mem cache": 2^22 elements a array,
# and 2^15 elements run 2000 times a sample, which stays in cache), CODEGEN (code generation
# options of all three builds, default "-falign-loops=64": every loop starts on a 64-byte
# line, so that no form is slowed by where its loop happens to fall; with gcc's default
# alignment one of the UPC forms' triad ran at 0.58 of the others in cache, unchecked, and
# at full speed in the checked build, whose code lies elsewhere).
set -e
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
rounds=${1:-9}
T=${THREADS:-2}
out=${TMPDIR:-/tmp}/stream-bench.$$
mkdir -p "$out"
trap 'rm -rf "$out"' EXIT
(cd "$root" && cargo build --release >/dev/null 2>&1) || { echo "cargo build failed" >&2; exit 1; }
upcc="${CARGO_TARGET_DIR:-$root/target}/release/upc-check"
echo "# cores: $(nproc), THREADS=$T, $rounds rounds, code generation: ${CODEGEN--falign-loops=64}"
for size in ${SIZES:-mem cache}; do
    case $size in
        mem) def="-DN=4194304 -DNTIMES=10 -DREPS=1" ;;
        cache) def="-DN=32768 -DNTIMES=10 -DREPS=2000" ;;
        *) echo "unknown size $size (mem, cache)" >&2; exit 2 ;;
    esac
    cg=${CODEGEN--falign-loops=64}
    "$upcc" -T "$T" -O3 $cg $def -shared-heap=256MB -o "$out/chk" "$here/stream.upc"
    "$upcc" -T "$T" -O3 $cg $def -shared-heap=256MB --upccheck:-a --upccheck:-d -o "$out/nochk" "$here/stream.upc"
    gcc -O3 $cg -fopenmp $def -o "$out/omp" "$here/stream_omp.c"
    : >"$out/all"
    r=1
    while [ $r -le "$rounds" ]; do
        for v in chk nochk omp; do
            if [ $v = omp ]; then
                OMP_NUM_THREADS=$T OMP_PROC_BIND=false "$out/omp" >"$out/o" || { echo "omp run failed" >&2; exit 1; }
            else
                "$out/$v" >"$out/o" || { echo "$v run failed" >&2; cat "$out/o" >&2; exit 1; }
            fi
            grep -q '^check ok' "$out/o" || { echo "$v: wrong results" >&2; cat "$out/o" >&2; exit 1; }
            grep -v '^check' "$out/o" | sed "s/^/$r $v /" >>"$out/all"
        done
        r=$((r + 1))
    done
    echo "## $size ($def)"
    awk -v rounds="$rounds" '
        function median(list,   n, a, i, j, t) {
            n = split(list, a, " ")
            for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
            return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
        }
        { v[$1, $2, $3, $4] = $5; forms[$3] = 1; kernels[$4] = 1 }
        function ratio(v1, f1, v2, f2, k,   r, l) {
            l = ""
            for (r = 1; r <= rounds; r++) l = l " " v[r, v1, f1, k] / v[r, v2, f2, k]
            return median(substr(l, 2))
        }
        function med(vv, f, k,   r, l) {
            l = ""
            for (r = 1; r <= rounds; r++) l = l " " v[r, vv, f, k]
            return median(substr(l, 2))
        }
        END {
            split("copy scale add triad", ks, " ")
            split("pts1 ptsB arr1 arrB local", fs, " ")
            printf "%-22s %8s %8s %8s %8s\n", "GB/s (median)", "copy", "scale", "add", "triad"
            for (i = 1; i <= 5; i++) for (c = 0; c < 2; c++) {
                vv = c ? "chk" : "nochk"
                printf "%-22s", fs[i] " " (c ? "checked" : "unchecked")
                for (k = 1; k <= 4; k++) printf " %8.2f", med(vv, fs[i], ks[k])
                printf "\n"
            }
            printf "%-22s", "omp"
            for (k = 1; k <= 4; k++) printf " %8.2f", med("omp", "omp", ks[k])
            printf "\n"
            printf "%-22s %8s %8s %8s %8s\n", "ratio (median of pairs)", "copy", "scale", "add", "triad"
            for (i = 1; i <= 4; i++) {
                printf "%-22s", fs[i] "/local unchk"
                for (k = 1; k <= 4; k++) printf " %8.3f", ratio("nochk", fs[i], "nochk", "local", ks[k])
                printf "\n"
            }
            for (i = 1; i <= 5; i++) {
                printf "%-22s", fs[i] " chk/unchk"
                for (k = 1; k <= 4; k++) printf " %8.3f", ratio("chk", fs[i], "nochk", fs[i], ks[k])
                printf "\n"
            }
            for (i = 1; i <= 5; i++) {
                printf "%-22s", fs[i] "/omp unchk"
                for (k = 1; k <= 4; k++) printf " %8.3f", ratio("nochk", fs[i], "omp", "omp", ks[k])
                printf "\n"
            }
        }' "$out/all"
done
