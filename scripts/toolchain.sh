# Sourced by the build scripts: how to reach a Rust → wasm32 toolchain on this machine.
# shellcheck shell=bash

export PATH="$HOME/.cargo/bin:$PATH"

rustup_has_wasm_target() {
  command -v rustup >/dev/null 2>&1 &&
    rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown
}

# The wasm-bindgen version the lock file resolved (the crate is pinned with `=`).
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}

# Code generation for the wasm32 target only (build scripts and proc macros are untouched):
# 128-bit SIMD, which the route simplification's scan uses (core::arch::wasm32). Every
# engine the app supports runs it: Chrome 91, Firefox 89, Safari 16.4, Node 16.4 and later.
# A RUSTFLAGS set in the environment takes precedence (cargo's rule); the core then builds
# its plain scan instead.
WASM_RUSTFLAGS="-C target-feature=+simd128"

# Runs `cargo build` for wasm32-unknown-unknown with whichever toolchain exists:
# rustup's target where it is installed (a normal laptop), else Debian's rustc-web with
# std built from source (-Zbuild-std, std then gets the same flags), as verified in
# shared/ENVIRONMENT.md.
cargo_wasm() {
  if rustup_has_wasm_target; then
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="$WASM_RUSTFLAGS" \
      CARGO_TARGET_DIR=target/wasm cargo "$@" --target wasm32-unknown-unknown
  else
    local ld
    ld=$(ls /usr/bin/wasm-ld-* 2>/dev/null | sort -V | tail -n 1)
    [ -x /usr/bin/cargo ] && [ -n "$ld" ] || {
      echo "toolchain: no wasm32 toolchain (run scripts/ensure-tools.sh wasm)" >&2
      return 1
    }
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="$WASM_RUSTFLAGS" \
      RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR=target/wasm \
      CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER="$ld" \
      /usr/bin/cargo "$@" --target wasm32-unknown-unknown -Zbuild-std=std,panic_abort
  fi
}
