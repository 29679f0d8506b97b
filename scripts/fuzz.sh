#!/usr/bin/env bash
# Fuzzes one of warpsat's readers with libFuzzer for SECONDS (default 600):
#   ptx_parser   the PTX frontend (seeds: every .ptx of the project and ../shared/corpus)
#   assumption   the --assume expression parser (seeds: tests/fuzz/assumption.seeds)
#   launch_file  launch TOML files, launched on the emulator under budgets (seeds: every launch .toml)
#   csv_readers  traces (CSV, JSON), ncu CSV exports, workload and kernel-list CSVs
# Crashes land in build-fuzz/crashes/TARGET/. See docs/fuzzing.md.
#
# Usage: scripts/fuzz.sh [SECONDS] [TARGET]     (TARGET defaults to ptx_parser)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"
target="${2:-ptx_parser}"
case "$target" in
  ptx_parser | assumption | launch_file | csv_readers) ;;
  *) echo "fuzz.sh: unknown target '$target' (ptx_parser, assumption, launch_file, csv_readers)" >&2; exit 2 ;;
esac
cmake -S . -B build-fuzz -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DWARPSAT_FUZZ=ON -DWARPSAT_SANITIZE=ON -DWARPSAT_BUILD_TESTS=OFF -DWARPSAT_BUILD_BENCH=OFF >/dev/null
cmake --build build-fuzz --target "${target}_fuzzer"
corpus="build-fuzz/corpus/$target"
mkdir -p "$corpus" "build-fuzz/crashes/$target"
seed() {  # seed FILE [PREFIX-BYTE]: copy a seed into the corpus (csv_readers: the first byte picks the reader)
  local name
  name="$(echo "$1" | tr '/' '_')"
  if [ -n "${2:-}" ]; then { printf '%s' "$2"; cat "$1"; } > "$corpus/$2_$name"; else cp "$1" "$corpus/$name"; fi
}
extra=()
case "$target" in
  ptx_parser)
    find examples ../shared/corpus tests/files -name '*.ptx' 2>/dev/null | while read -r f; do seed "$f"; done
    extra=(-dict=tests/fuzz/ptx.dict -max_len=16384) ;;
  assumption)
    i=0
    while IFS= read -r line; do printf '%s' "$line" > "$corpus/seed$i"; i=$((i + 1)); done < tests/fuzz/assumption.seeds
    extra=(-max_len=4096) ;;
  launch_file)
    find examples tests/files -name '*.toml' 2>/dev/null | while read -r f; do seed "$f"; done
    extra=(-max_len=8192 -rss_limit_mb=2048) ;;
  csv_readers)
    find tests/files/traces examples -name '*.csv' 2>/dev/null | while read -r f; do seed "$f" 0; done
    find tests/files/traces examples -name '*.json' 2>/dev/null | while read -r f; do seed "$f" 1; done
    find examples/profiles tests/files/compare-profile -name '*.csv' 2>/dev/null | while read -r f; do seed "$f" 2; done
    find examples/workloads -name '*.csv' 2>/dev/null | while read -r f; do seed "$f" 3; done
    find examples/kernel-sets -name '*.csv' 2>/dev/null | while read -r f; do seed "$f" 4; done
    extra=(-max_len=16384) ;;
esac
echo "$target: seed corpus $(ls "$corpus" | wc -l) files; fuzzing for $seconds s"
"build-fuzz/${target}_fuzzer" "$corpus" "${extra[@]}" -max_total_time="$seconds" \
  -artifact_prefix="build-fuzz/crashes/$target/" -print_final_stats=1
