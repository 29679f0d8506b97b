#!/usr/bin/env bash
# Fuzzes the PTX frontend with libFuzzer for SECONDS (default 600), starting
# from every PTX file the project and ../shared/corpus hold. Crashes land in
# build-fuzz/crashes/. See docs/fuzzing.md.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"
cmake -S . -B build-fuzz -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DWARPSAT_FUZZ=ON -DWARPSAT_SANITIZE=ON -DWARPSAT_BUILD_TESTS=OFF -DWARPSAT_BUILD_BENCH=OFF >/dev/null
cmake --build build-fuzz --target ptx_parser_fuzzer
mkdir -p build-fuzz/corpus build-fuzz/crashes
find examples ../shared/corpus tests/files -name '*.ptx' 2>/dev/null | while read -r f; do
  cp "$f" "build-fuzz/corpus/$(echo "$f" | tr '/' '_')"
done
echo "seed corpus: $(ls build-fuzz/corpus | wc -l) files; fuzzing for $seconds s"
build-fuzz/ptx_parser_fuzzer build-fuzz/corpus -dict=tests/fuzz/ptx.dict -max_len=16384 \
  -max_total_time="$seconds" -artifact_prefix=build-fuzz/crashes/ -print_final_stats=1
