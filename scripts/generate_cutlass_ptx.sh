#!/usr/bin/env bash
# Regenerates the committed PTX of CUTLASS 3's Hopper GEMM kernels
# (examples/cutlass/README.md says which kernel is which):
#
#   <cutlass>/examples/48_hopper_warp_specialized_gemm/*.cu      -> examples/cutlass/ptx/48_hopper_warp_specialized_gemm.ptx
#   <cutlass>/examples/49_hopper_gemm_with_collective_builder/... -> examples/cutlass/ptx/49_collective_builder.ptx
#   <cutlass>/examples/54_hopper_fp8_warp_specialized_gemm/...    -> examples/cutlass/ptx/54_hopper_fp8_warp_specialized_gemm.ptx
#   <cutlass>/examples/56_hopper_ptr_array_batched_gemm/...       -> examples/cutlass/ptx/56_hopper_ptr_array_batched_gemm.ptx
#   <cutlass>/examples/57_hopper_grouped_gemm/...                 -> examples/cutlass/ptx/57_hopper_grouped_gemm.ptx
#   examples/cutlass/src/<name>.cu (one CollectiveBuilder kernel) -> examples/cutlass/ptx/<name>.ptx
#
# with nvcc -std=c++17 -arch=sm_90a --expt-relaxed-constexpr -lineinfo -ptx
# against the CUTLASS headers. Each file is committed as nvcc wrote it (its
# .file lines name the checkout's absolute paths). This script never runs
# at build or test time and never downloads anything: without nvcc or the
# CUTLASS checkout it says so and exits 0 without touching the files.
# One example takes 2 to 12 minutes of nvcc on a loaded 2-core machine.
#
# Usage: scripts/generate_cutlass_ptx.sh [--check] [NAME...]
#   NAME     only these outputs (e.g. 48_hopper_warp_specialized_gemm fp16_pingpong_c1x1)
#   --check  also run ptxas -arch=sm_90a on every file written
#
# Environment: CUTLASS_DIR (default /work/cutlass; the committed files come
# from NVIDIA/cutlass 7107b05535f8977f5ecb9d01ee203205b1fd9bc4), NVCC
# (default /usr/local/cuda/bin/nvcc), PTXAS (default next to nvcc).
set -euo pipefail
cd "$(dirname "$0")/.."

cutlass="${CUTLASS_DIR:-/work/cutlass}"
nvcc="${NVCC:-/usr/local/cuda/bin/nvcc}"
ptxas="${PTXAS:-$(dirname "$nvcc")/ptxas}"
out=examples/cutlass/ptx
src=examples/cutlass/src

check=0
names=()
for a in "$@"; do
  case "$a" in
    --check) check=1 ;;
    -h|--help) sed -n '2,30p' "$0"; exit 0 ;;
    *) names+=("$a") ;;
  esac
done

if [ ! -x "$nvcc" ]; then
  echo "generate_cutlass_ptx: no nvcc at $nvcc (set NVCC): nothing regenerated"
  exit 0
fi
if [ ! -f "$cutlass/include/cutlass/cutlass.h" ] || [ ! -d "$cutlass/examples" ]; then
  echo "generate_cutlass_ptx: no CUTLASS checkout at $cutlass (set CUTLASS_DIR; this script downloads nothing): nothing regenerated"
  exit 0
fi
if [ "$check" = 1 ] && [ ! -x "$ptxas" ]; then
  echo "generate_cutlass_ptx: --check needs ptxas (set PTXAS)" >&2
  exit 2
fi

# output name -> source, relative to the CUTLASS checkout or (src/...) to this repository
declare -A sources=(
  [48_hopper_warp_specialized_gemm]="examples/48_hopper_warp_specialized_gemm/48_hopper_warp_specialized_gemm.cu"
  [49_collective_builder]="examples/49_hopper_gemm_with_collective_builder/49_collective_builder.cu"
  [54_hopper_fp8_warp_specialized_gemm]="examples/54_hopper_fp8_warp_specialized_gemm/54_hopper_fp8_warp_specialized_gemm.cu"
  [56_hopper_ptr_array_batched_gemm]="examples/56_hopper_ptr_array_batched_gemm/56_hopper_ptr_array_batched_gemm.cu"
  [57_hopper_grouped_gemm]="examples/57_hopper_grouped_gemm/57_hopper_grouped_gemm.cu"
  [fp16_pingpong_c1x1]="src/fp16_pingpong_c1x1.cu"
  [bf16_cooperative_c2x1]="src/bf16_cooperative_c2x1.cu"
  [int8_pingpong_c1x1]="src/int8_pingpong_c1x1.cu"
)
order=(48_hopper_warp_specialized_gemm 49_collective_builder 54_hopper_fp8_warp_specialized_gemm
       56_hopper_ptr_array_batched_gemm 57_hopper_grouped_gemm fp16_pingpong_c1x1 bf16_cooperative_c2x1
       int8_pingpong_c1x1)
[ ${#names[@]} -eq 0 ] && names=("${order[@]}")

flags=(-std=c++17 -arch=sm_90a --expt-relaxed-constexpr -lineinfo -ptx
       -I "$cutlass/include" -I "$cutlass/tools/util/include" -I "$cutlass/examples/common")
mkdir -p "$out"
for name in "${names[@]}"; do
  s="${sources[$name]:-}"
  if [ -z "$s" ]; then
    echo "generate_cutlass_ptx: unknown output '$name' (one of: ${order[*]})" >&2
    exit 2
  fi
  case "$s" in
    src/*) file="examples/cutlass/$s" ;;
    *) file="$cutlass/$s" ;;
  esac
  start=$(date +%s)
  # nvcc's warnings about CUTLASS's own headers are not ours to fix: kept in a log, not shown.
  "$nvcc" "${flags[@]}" "$file" -o "$out/$name.ptx.tmp" 2> "$out/$name.nvcc.log" || {
    cat "$out/$name.nvcc.log" >&2
    rm -f "$out/$name.ptx.tmp" "$out/$name.nvcc.log"
    exit 1
  }
  rm -f "$out/$name.nvcc.log"
  mv "$out/$name.ptx.tmp" "$out/$name.ptx"
  echo "$out/$name.ptx: $(wc -c < "$out/$name.ptx") bytes, $(grep -c '\.entry' "$out/$name.ptx") kernel(s), $(( $(date +%s) - start )) s"
  if [ "$check" = 1 ]; then
    "$ptxas" -arch=sm_90a "$out/$name.ptx" -o /dev/null 2>&1 | grep -v 'C7510\|Potential Performance Loss' || true
    "$ptxas" -arch=sm_90a "$out/$name.ptx" -o /dev/null > /dev/null 2>&1 && echo "  ptxas accepts it"
  fi
done
