#!/usr/bin/env bash
# Runs every cargo-fuzz target briefly (FUZZ_SECONDS each, default 30, `npm test` 20; six targets, so
# 2 to 3 minutes of fuzzing in all). A crash fails the run
# and leaves its input in fuzz/artifacts/<target>/: turn it into a regression test
# (crates/core/tests/*) before fixing. Needs cargo-fuzz and a nightly-capable rustc: rustup's
# nightly where installed, else Debian's rustc-web with RUSTC_BOOTSTRAP=1 (the wasm toolchain).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/toolchain.sh

seconds=${FUZZ_SECONDS:-30}
corpus=$(realpath -m "${CLEARWAY_CORPUS:-../shared/corpus}")
if rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
  fuzz() { cargo +nightly fuzz "$@"; }
else
  fuzz() { RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 cargo fuzz "$@"; }
fi

# Seeds: the shared real-world corpus (read only) and fuzz/seeds (a small backup written by
# `clearway demo-backup`); what libFuzzer finds goes to fuzz/corpus.
declare -A seeds=(
  [nmea_stream]="$corpus/nmea/gpsd $corpus/nmea/aerorust-nmea"
  [route_import]="$corpus/gpx $corpus/kml $corpus/geojson/georust-geojson"
  [backup_reader]="$PWD/fuzz/seeds/backup_reader"
  [export_roundtrip]=""
  [pltit_stream]="$PWD/crates/core/tests/data"
  [previous_survey]="$PWD/fuzz/seeds/previous_survey"
)
declare -A max_len=([nmea_stream]=4096 [route_import]=16384 [backup_reader]=65536 [export_roundtrip]=4096 [pltit_stream]=4096 [previous_survey]=16384)
# The backup reader must stay within its memory bounds on any input: a low RSS limit makes
# a bound that stops holding a failure (the others keep libFuzzer's 2 GB default).
declare -A rss_mb=([nmea_stream]=2048 [route_import]=2048 [backup_reader]=256 [export_roundtrip]=2048 [pltit_stream]=2048 [previous_survey]=2048)

status=0
mkdir -p target/fuzz-logs
for target in nmea_stream route_import backup_reader export_roundtrip pltit_stream previous_survey; do
  mkdir -p "fuzz/corpus/$target"
  dirs=("$PWD/fuzz/corpus/$target")
  for d in ${seeds[$target]}; do [ -d "$d" ] && dirs+=("$d"); done
  log="target/fuzz-logs/$target.log"
  echo "fuzz: $target for ${seconds}s (log: $log)" >&2
  if (cd fuzz && fuzz run -s none -O "$target" "${dirs[@]}" -- \
      -max_total_time="$seconds" -max_len="${max_len[$target]}" -rss_limit_mb="${rss_mb[$target]}" \
      -print_final_stats=1) >"$log" 2>&1; then
    grep -E '^stat::number_of_executed_units' "$log" | sed "s/^/fuzz: $target /" >&2 || true
  else
    grep -E 'panicked|SUMMARY|error(\[|:)|Test unit written' "$log" | head -20 >&2 || tail -20 "$log" >&2
    echo "fuzz: $target FAILED; crashing inputs (if any) are in fuzz/artifacts/$target/" >&2
    status=1
  fi
done
exit $status
