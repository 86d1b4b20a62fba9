# Sourced by the benchmark scripts: `. "$(dirname "$0")/../common.sh" NAME`.
# Sets here (the script's folder), root (the repository), out (a scratch folder removed on
# exit) and upc (upc-check, built in release mode; a failed build falls back to the one
# already built).
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
target=${CARGO_TARGET_DIR:-$root/target}
out=${TMPDIR:-/tmp}/$1-bench.$$
mkdir -p "$out"
trap 'rm -rf "$out"' EXIT INT TERM
upc="$target/release/upc-check"
if ! (cd "$root" && cargo build --release -q >"$out/build.log" 2>&1); then
    [ -x "$upc" ] || { cat "$out/build.log"; exit 1; }
    echo "# cargo build failed: using the upc-check already built"
fi
