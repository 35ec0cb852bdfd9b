#!/usr/bin/env bash
# Installs what the build and the tests need and is not there yet. Idempotent: a second run
# only checks. Usage: scripts/ensure-tools.sh [wasm] [browser] [gis]
#   wasm     a Rust → wasm32 toolchain and the wasm-bindgen CLI matching Cargo.lock
#   browser  Debian's Chromium (never `npx playwright install`: it downloads and fails here)
#   fuzz     cargo-fuzz, for scripts/fuzz.sh
#   gis      GDAL's command-line tools (ogrinfo) and unzip, the independent readers of the export tests
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/toolchain.sh

apt_install() {
  local missing=()
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "ensure-tools: installing Debian packages: ${missing[*]}" >&2
  local sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y -q "${missing[@]}" >/dev/null 2>&1 || {
    $sudo apt-get update -q >/dev/null 2>&1
    $sudo apt-get install -y -q "${missing[@]}" >/dev/null
  }
}

ensure_wasm() {
  if ! rustup_has_wasm_target; then
    # No downloadable wasm32 target here: Debian's rustc-web builds std from source.
    apt_install rustc-web cargo-web rust-web-src lld-22
  fi
  local want have
  want=$(wasm_bindgen_version)
  have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
  if [ "$have" != "$want" ]; then
    echo "ensure-tools: installing wasm-bindgen-cli $want (once; a few minutes)" >&2
    cargo install wasm-bindgen-cli --version "$want" --locked >&2
  fi
}

ensure_fuzz() {
  # cargo-fuzz drives libFuzzer; it needs a nightly-capable rustc, which the wasm toolchain
  # (Debian's rustc-web with RUSTC_BOOTSTRAP) or a rustup nightly provides.
  ensure_wasm
  command -v cargo-fuzz >/dev/null 2>&1 || {
    echo "ensure-tools: installing cargo-fuzz (once; about a minute)" >&2
    cargo install cargo-fuzz --locked >&2
  }
}

ensure_browser() {
  apt_install chromium fonts-liberation
}

ensure_gis() {
  apt_install gdal-bin unzip
}

for what in "${@:-wasm browser}"; do
  for w in $what; do
    case "$w" in
      wasm) ensure_wasm ;;
      browser) ensure_browser ;;
      fuzz) ensure_fuzz ;;
      gis) ensure_gis ;;
      *) echo "ensure-tools: unknown target '$w'" >&2; exit 2 ;;
    esac
  done
done
