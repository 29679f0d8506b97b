#!/usr/bin/env bash
# `tile --emit cutlass` against CUTLASS itself: the optimum's CUDA source must
# compile with only CUTLASS's include folders (which also checks, through its
# static_asserts, that CUTLASS builds the stage count and epilogue shared
# memory warpsat's model assumed), and the instantiated kernel's PTX must
# declare the cluster (.reqnctapercluster, .explicitcluster) and block size
# (.maxntid) the answer says. Skips (77) without CUTLASS or nvcc.
#
# Usage: emit_compiles.sh WARPSAT SCRATCH [CUTLASS_DIR [TILE-OPTIONS...]]
#   CUTLASS_DIR (or $WARPSAT_CUTLASS_DIR, or $CUTLASS_DIR): a checkout holding
#   include/cutlass/cutlass.h and tools/util/include; TILE-OPTIONS the
#   question (default: M = N = K = 4096 on h100-sxm).
# More configurations (every schedule, scheduler, cluster and operand type):
# bench/cutlass_emit.sh.
set -euo pipefail
warpsat="$1"
scratch="$2/cutlass-emit"
cutlass="${3:-${WARPSAT_CUTLASS_DIR:-${CUTLASS_DIR:-}}}"
shift $(( $# < 3 ? $# : 3 ))
problem=("$@")
[[ ${#problem[@]} -gt 0 ]] || problem=(--m 4096 --n 4096 --k 4096 --machine h100-sxm)
if [[ -z "$cutlass" || ! -f "$cutlass/include/cutlass/cutlass.h" ]]; then
  echo "skipped: no CUTLASS checkout (configure with -DWARPSAT_CUTLASS_DIR=PATH or set WARPSAT_CUTLASS_DIR)"
  exit 77
fi
nvcc="${NVCC:-$(command -v nvcc || true)}"
[[ -z "$nvcc" && -x /usr/local/cuda/bin/nvcc ]] && nvcc=/usr/local/cuda/bin/nvcc
if [[ -z "$nvcc" ]]; then
  echo "skipped: no nvcc (set NVCC or put it on PATH)"
  exit 77
fi
mkdir -p "$scratch"
"$warpsat" tile "${problem[@]}" --format json > "$scratch/answer.json"
"$warpsat" tile "${problem[@]}" --emit cutlass > "$scratch/gemm.cu"
read -r cm cn < <(python3 -c 'import json,sys; b=json.load(open(sys.argv[1]))["best"]; print(b["cluster"]["m"], b["cluster"]["n"])' "$scratch/answer.json")
"$nvcc" -std=c++17 -arch=sm_90a --expt-relaxed-constexpr -I "$cutlass/include" -I "$cutlass/tools/util/include" \
  -ptx "$scratch/gemm.cu" -o "$scratch/gemm.ptx" 2> "$scratch/nvcc.log" || {
  grep -E "error" "$scratch/nvcc.log" | head -20
  echo "FAIL: the emitted CUTLASS source does not compile (log: $scratch/nvcc.log)"
  exit 1
}
# The directives between the entry's name and its body.
directives=$(awk '/^\.visible \.entry warpsat_sm90_gemm\(/ { inside = 1 } inside && /^\{/ { exit } inside { print }' \
  "$scratch/gemm.ptx")
[[ -n "$directives" ]] || { echo "FAIL: no warpsat_sm90_gemm entry in the PTX"; exit 1; }
want_cluster=".reqnctapercluster $cm, $cn, 1"
for want in ".maxntid 384, 1, 1" ".explicitcluster" "$want_cluster"; do
  if ! grep -qF -- "$want" <<<"$directives"; then
    echo "FAIL: the PTX does not declare '$want'; it declares:"
    echo "$directives" | grep -E "^\." || true
    exit 1
  fi
done
echo "ok: ${problem[*]}: the answer (cluster ${cm}x${cn}, 384 threads) compiles against $cutlass and its PTX declares $want_cluster, .explicitcluster and .maxntid 384, 1, 1"
