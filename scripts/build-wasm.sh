#!/usr/bin/env bash
# Builds crates/wasm into the ES module the web app imports (web/src/core/pkg/).
# Skips everything when no Rust source, manifest or lock file changed since the last build.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/toolchain.sh

out=web/src/core/pkg
stamp="$out/.inputs"
inputs=$( (find crates -name '*.rs' -o -name Cargo.toml; echo Cargo.toml Cargo.lock scripts/build-wasm.sh scripts/toolchain.sh) |
  sort | xargs cat | sha256sum | cut -c1-16)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$inputs" ] && [ -f "$out/clearway_wasm_bg.wasm" ]; then
  echo "build-wasm: up to date" >&2
  exit 0
fi

scripts/ensure-tools.sh wasm
cargo_wasm build --release --locked -p clearway-core -p clearway-wasm
wasm="target/wasm/wasm32-unknown-unknown/release/clearway_wasm.wasm"

rm -rf "$out"
wasm-bindgen --target web --out-dir "$out" "$wasm"
opt=node_modules/.bin/wasm-opt
if [ -x "$opt" ]; then
  # The Debian/LLVM 22 object uses post-MVP features that browsers since 2023 support, and
  # SIMD (WASM_RUSTFLAGS in scripts/toolchain.sh).
  "$opt" -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue --enable-simd \
    "$out/clearway_wasm_bg.wasm" -o "$out/clearway_wasm_bg.wasm"
fi
echo "$inputs" >"$stamp"
echo "build-wasm: $(wc -c <"$out/clearway_wasm_bg.wasm") bytes → $out" >&2
