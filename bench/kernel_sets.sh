#!/usr/bin/env bash
# At most K kernels for a 7B transformer's 100 GEMM shapes (issue 14): for
# K = 1..8 and every model (seed001 and async over the abstract space,
# hopper over the sm90 space of CUTLASS 3 kernels), the proven objective, the gaps to greedy and to
# one kernel per shape, what rule 5 (the Lagrangian bound) leaves, the
# status and the wall time of one `tile --max-kernels K` call on one core.
#
# Usage: [MACHINE=name-or-file] bench/kernel_sets.sh [build/cli/warpsat] [timeout-ms]   (figures: docs/benchmarks.md)
set -euo pipefail
cd "$(dirname "$0")/.."
warpsat="${1:-build/cli/warpsat}"
timeout_ms="${2:-60000}"
space=(--tm 16:256:16 --tn 16:256:16 --tk 16,32,64,128 --stages 2-8)
row='
import json, sys
model, k, start, end = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
d = json.load(sys.stdin)
o, p = d["objective"], d["pruning"]
greedy, unlimited = d["greedy"]["objective"], d["unlimited"]["objective"]
status, undominated, left = d["status"], p["undominated"], p["after_lagrangian_bound"]
gap = lambda v: "%+.2f%%" % (100.0 * (v - o) / o)
print(f"| {model} | {k} | {status} | {o:,} | {gap(greedy)} | {gap(unlimited)} | {undominated} | {left} | {end - start:.2f} |")
'
echo "| model | K | status | objective (ns) | greedy | one kernel per shape | undominated | left by rule 5 | time (s) |"
echo "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
for model in seed001 async hopper; do
  args=("${space[@]}")
  [[ $model == hopper ]] && args=()  # the sm90 space's own candidates (docs/machines.md)
  for k in 1 2 3 4 5 6 7 8; do
    start=$(date +%s.%N)
    json=$("$warpsat" tile --workload examples/workloads/llama-7b-100.csv --machine "${MACHINE:-h100-sxm}" "${args[@]}" \
      --model "$model" --max-kernels "$k" --timeout-ms "$timeout_ms" --format json || true)
    end=$(date +%s.%N)
    python3 -c "$row" "$model" "$k" "$start" "$end" <<<"$json"
  done
done
