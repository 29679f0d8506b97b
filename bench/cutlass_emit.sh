#!/usr/bin/env bash
# Every kind of `--target sm90` answer through CUTLASS itself (issue 31):
# each question's optimum is emitted with `tile --emit cutlass`, compiled
# against CUTLASS's headers with nvcc to PTX (the static_asserts check the
# stage count and epilogue shared memory warpsat assumed), and the PTX checked
# for the cluster and block size the answer says (tests/cutlass/emit_compiles.sh).
#
# Usage: bench/cutlass_emit.sh [build/cli/warpsat] [CUTLASS_DIR]   (figures: docs/benchmarks.md)
set -uo pipefail
cd "$(dirname "$0")/.."
warpsat="${1:-build/cli/warpsat}"
cutlass="${2:-${WARPSAT_CUTLASS_DIR:-../cutlass}}"
scratch="$(mktemp -d)"
big=(--m 4096 --n 4096 --k 4096 --machine h100-sxm)
questions=(
  "${big[*]}"
  "${big[*]} --schedules cooperative --schedulers persistent"
  "${big[*]} --schedules cooperative --schedulers stream-k"
  "--m 8192 --n 8192 --k 8192 --machine h100-sxm"
  "--m 16 --n 4096 --k 4096 --machine h100-sxm"
  "${big[*]} --clusters 1x1"
  "${big[*]} --clusters 4x4 --non-portable-clusters"
  "${big[*]} --stages 2"
  "${big[*]} --element f16"
  "${big[*]} --element e4m3"
  "${big[*]} --element tf32"
  "--m 4096 --n 4096 --k 4096 --machine h100-pcie"
)
pass=0 fail=0
for q in "${questions[@]}"; do
  start=$(date +%s)
  # shellcheck disable=SC2086
  if out=$(tests/cutlass/emit_compiles.sh "$warpsat" "$scratch" "$cutlass" $q 2>&1); then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
  fi
  echo "$(tail -1 <<<"$out") ($(( $(date +%s) - start )) s)"
done
echo "$pass compiled and declared what the answer says, $fail failed"
rm -rf "$scratch"
[[ $fail -eq 0 ]]
