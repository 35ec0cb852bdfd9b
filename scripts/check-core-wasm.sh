#!/usr/bin/env bash
# clearway-core must build for wasm32-unknown-unknown and its dependency tree must hold no
# JavaScript glue (wasm-bindgen, js-sys, web-sys): the core stays pure and portable.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/toolchain.sh

tree=$(cargo tree -p clearway-core --target wasm32-unknown-unknown -e normal,build --prefix none --locked)
if bad=$(grep -E '^(wasm-bindgen|js-sys|web-sys)' <<<"$tree"); then
  echo "clearway-core depends on JavaScript glue:" >&2
  echo "$bad" >&2
  exit 1
fi
# The same command as scripts/build-wasm.sh, so after a wasm build this is a no-op.
cargo_wasm build --release --locked -p clearway-core -p clearway-wasm
echo "clearway-core: builds for wasm32; $(sort -u <<<"$tree" | wc -l) crates in its tree, none of them JS glue" >&2
