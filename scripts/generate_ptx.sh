#!/usr/bin/env bash
# Regenerates the committed PTX and LLVM IR of the example CUDA kernels:
#
#   examples/kernels/<stem>.cu  ->  examples/kernels/ptx/<stem>.sm_75.ptx     nvcc, -lineinfo
#                                   examples/kernels/ptx/<stem>.sm_80.ptx     nvcc, -lineinfo
#                                   examples/kernels/ptx/<stem>.sm_90.ptx     nvcc, -lineinfo
#                                   examples/kernels/ptx/<stem>.nolineinfo.sm_80.ptx   nvcc, no .loc
#                                   examples/kernels/ptx/<stem>.jt.sm_XX.ptx  nvcc with jump tables
#                                                                             (switch_* kernels only)
#                                   examples/kernels/ptx/<stem>.clang.sm_80.ptx   clang 14 NVPTX
#                                   examples/kernels/llvm/<stem>.ll           clang 14, device IR
#                                   examples/kernels/llvm/<stem>.divergence.txt   opt 14's
#                                       print<divergence> of that IR (branches_* kernels only;
#                                       written by bench/llvm_divergence/compare.sh --update)
#
# The outputs are committed so that building and testing warpsat needs no CUDA
# and no clang; this script never runs at build or test time. It skips, with
# a message, the half whose compiler is missing. Output is deterministic:
# the absolute source path the compilers write into .file directives is
# rewritten to the repository-relative examples/kernels/<stem>.cu.
#
# Usage: scripts/generate_ptx.sh [--check]
#   --check  also run ptxas on every generated PTX file for its target and
#            check that every kernel's .entry is present (needs ptxas).
#
# Environment: NVCC (default /usr/local/cuda/bin/nvcc), PTXAS (default
# next to nvcc), CLANG (default clang). See examples/kernels/README.md for the
# versions the committed files came from.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"

kernels_dir=examples/kernels
ptx_dir=$kernels_dir/ptx
ll_dir=$kernels_dir/llvm
shim=$kernels_dir/clang_cuda_shim.h

nvcc="${NVCC:-/usr/local/cuda/bin/nvcc}"
ptxas="${PTXAS:-$(dirname "$nvcc")/ptxas}"
clang="${CLANG:-clang}"

nvcc_archs=(sm_75 sm_80 sm_90)
nvcc_flags=(-ptx -O3 -std=c++17)
# nvcc never emits jump tables by default (--jump-table-density is 101, i.e.
# off); the .jt variants of the switch kernels turn them on to get brx.idx.
jump_table_flags=(--jump-table-density=50)
# clang 14 does not know CUDA 13, so it compiles with its own built-in
# variables and a small shim header instead of cuda_runtime.h; +ptx70 is the
# PTX ISA that sm_80 needs (clang would otherwise pick it from a CUDA install).
clang_arch=sm_80
clang_flags=(-x cuda --cuda-device-only "--cuda-gpu-arch=$clang_arch" --cuda-path=/nonexistent
             -nocudainc -nocudalib -Xclang -target-feature -Xclang +ptx70
             -include "$shim" -O3 -std=c++17 -gline-directives-only -fdebug-compilation-dir=.)

check=0
case "${1:-}" in
  "") ;;
  --check) check=1 ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

shopt -s nullglob
sources=("$kernels_dir"/*.cu)
if [ ${#sources[@]} -eq 0 ]; then
  echo "generate_ptx: no .cu files in $kernels_dir" >&2
  exit 1
fi
mkdir -p "$ptx_dir" "$ll_dir"

# Rewrites the absolute or ./-relative source path in .file directives (PTX)
# and the DIFile/source_filename of LLVM IR to examples/kernels/<stem>.cu.
normalise_paths() {
  sed -i -e "s|\"$root/$kernels_dir/|\"$kernels_dir/|g" -e "s|\"\./$kernels_dir/|\"$kernels_dir/|g" "$1"
}

generated=()

if [ -x "$nvcc" ] || command -v "$nvcc" >/dev/null 2>&1; then
  echo "generate_ptx: $("$nvcc" --version | tail -n 2 | head -n 1)"
  for src in "${sources[@]}"; do
    stem="$(basename "$src" .cu)"
    for arch in "${nvcc_archs[@]}"; do
      out="$ptx_dir/$stem.$arch.ptx"
      "$nvcc" "${nvcc_flags[@]}" -arch="$arch" -lineinfo "$src" -o "$out"
      normalise_paths "$out"
      generated+=("$out:$arch")
      case "$stem" in
        switch_*)
          out="$ptx_dir/$stem.jt.$arch.ptx"
          "$nvcc" "${nvcc_flags[@]}" "${jump_table_flags[@]}" -arch="$arch" -lineinfo "$src" -o "$out"
          normalise_paths "$out"
          generated+=("$out:$arch")
          ;;
      esac
    done
    out="$ptx_dir/$stem.nolineinfo.sm_80.ptx"
    "$nvcc" "${nvcc_flags[@]}" -arch=sm_80 "$src" -o "$out"
    generated+=("$out:sm_80")
  done
else
  echo "generate_ptx: skipping nvcc outputs: $nvcc not found (set NVCC=/path/to/nvcc)" >&2
fi

if command -v "$clang" >/dev/null 2>&1; then
  echo "generate_ptx: $("$clang" --version | head -n 1)"
  for src in "${sources[@]}"; do
    stem="$(basename "$src" .cu)"
    out="$ptx_dir/$stem.clang.$clang_arch.ptx"
    "$clang" "${clang_flags[@]}" -S "$src" -o "$out"
    normalise_paths "$out"
    generated+=("$out:$clang_arch")
    ll="$ll_dir/$stem.ll"
    "$clang" "${clang_flags[@]}" -S -emit-llvm "$src" -o "$ll"
    normalise_paths "$ll"
  done
  # LLVM's divergence verdicts on the new IR; the script skips (77) without
  # LLVM 14's opt, and then the committed printouts may be stale.
  rc=0
  bench/llvm_divergence/compare.sh --update || rc=$?
  if [ "$rc" -eq 77 ]; then
    echo "generate_ptx: llvm/*.divergence.txt not regenerated (see above)" >&2
  elif [ "$rc" -ne 0 ]; then
    exit "$rc"
  fi
else
  echo "generate_ptx: skipping clang outputs: $clang not found (set CLANG=/path/to/clang)" >&2
fi

echo "generate_ptx: wrote ${#generated[@]} PTX files"

if [ "$check" -eq 1 ]; then
  if ! [ -x "$ptxas" ]; then
    echo "generate_ptx: cannot --check: $ptxas not found (set PTXAS=/path/to/ptxas)" >&2
    exit 1
  fi
  failures=0
  for entry in "${generated[@]}"; do
    file="${entry%:*}"
    arch="${entry##*:}"
    stem="$(basename "$file")"
    stem="${stem%%.*}"
    if ! "$ptxas" -arch="$arch" "$file" -o /dev/null 2>/tmp/generate_ptx.$$.err; then
      echo "FAIL ptxas -arch=$arch $file"; cat /tmp/generate_ptx.$$.err; failures=$((failures + 1))
    fi
    # Every kernel is extern "C" and named after its file.
    if ! grep -Eq "^\.visible \.entry $stem\(" "$file"; then
      echo "FAIL $file: no .entry $stem"; failures=$((failures + 1))
    fi
  done
  rm -f /tmp/generate_ptx.$$.err
  if [ "$failures" -ne 0 ]; then
    echo "generate_ptx: $failures check(s) failed" >&2
    exit 1
  fi
  echo "generate_ptx: ptxas accepted all ${#generated[@]} PTX files, every .entry present"
fi
