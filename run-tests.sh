#!/usr/bin/env bash
# The whole test suite: unit, property and integration tests of every crate, then the
# error-detection suite (rted-tests/) and the checked examples through `upc-check test`.
set -euo pipefail
cd "$(dirname "$0")"
cargo build --release --locked --workspace
cargo test --release --locked --workspace
mkdir -p target/test-reports
target/release/upc-check test rted-tests --junit target/test-reports/rted-tests.xml
target/release/upc-check test examples --junit target/test-reports/examples.xml
target/release/upc-check test pgas/tests/upc --junit target/test-reports/pgas-upc.xml
