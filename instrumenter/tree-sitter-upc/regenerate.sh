#!/usr/bin/env bash
# Regenerates src/parser.c, src/grammar.json, src/node-types.json and
# src/tree_sitter/*.h from grammar.js.
#
# tree-sitter-c (the base grammar) comes from npm, pinned in package.json.
# The tree-sitter CLI is built from crates.io into ./.tools (the npm
# tree-sitter-cli package downloads a prebuilt binary at install time, which
# this project's machines cannot fetch). Its version must generate an ABI
# that the `tree-sitter` Rust crate in Cargo.toml loads.
set -euo pipefail
cd "$(dirname "$0")"

TS_CLI_VERSION=0.25.10

npm ci --ignore-scripts --no-audit --no-fund

TS="${TREE_SITTER:-./.tools/bin/tree-sitter}"
if ! [ -x "$TS" ] || ! "$TS" --version | grep -q " $TS_CLI_VERSION"; then
  cargo install tree-sitter-cli --version "$TS_CLI_VERSION" --locked --root ./.tools
  TS=./.tools/bin/tree-sitter
fi

"$TS" generate --abi 15
"$TS" test
