#!/usr/bin/env bash
# The whole test suite: unit, property and integration tests of every crate, then the
# error-detection suite (rted-tests/) and the checked examples through `upc-check test`.
set -euo pipefail
cd "$(dirname "$0")"
cargo build --release --locked --workspace
cargo test --release --locked --workspace
mkdir -p target/test-reports
for d in args-collective args-io args-upc deadlock forall races teams; do
    target/release/upc-check test "rted-tests/$d" --junit "target/test-reports/rted-$d.xml"
done
target/release/upc-check test examples --junit target/test-reports/examples.xml
target/release/upc-check test pgas/tests/upc --junit target/test-reports/pgas-upc.xml
# the same examples built with clang as the backend C compiler (.ci/run installs it)
if command -v clang >/dev/null 2>&1; then
    UPCCHECK_CC=clang target/release/upc-check test examples --junit target/test-reports/examples-clang.xml
fi
