#!/usr/bin/env bash
# Compiles CUB's device-wide algorithms to PTX into $1/cub.<arch>.ptx and
# $1/cub_more.<arch>.ptx, and issue 30's held-out module into
# $1/cub_heldout.sm_80.ptx (bench/cub/ holds the committed one), or
# exits 77 (skip) when nvcc is missing. With `lineinfo` as $2, only
# $1/cub.lineinfo.sm_80.ptx (cub_algorithms.cu, nvcc -lineinfo).
set -euo pipefail
nvcc="$(command -v nvcc || true)"
[ -z "$nvcc" ] && [ -x /usr/local/cuda/bin/nvcc ] && nvcc=/usr/local/cuda/bin/nvcc
if [ -z "$nvcc" ]; then
  echo "nvcc not found (neither on PATH nor in /usr/local/cuda/bin): the CUB test needs CUDA"
  exit 77
fi
here="$(dirname "$0")"
if [ "${2:-}" = lineinfo ]; then  # only cub_algorithms.cu, with .loc lines into the CCCL headers
  "$nvcc" -ptx -lineinfo -arch=sm_80 "$here/cub_algorithms.cu" -o "$1/cub.lineinfo.sm_80.ptx"
  exit 0
fi
for arch in sm_80 sm_90; do
  "$nvcc" -ptx -arch="$arch" "$here/cub_algorithms.cu" -o "$1/cub.$arch.ptx"
  "$nvcc" -ptx -arch="$arch" "$here/cub_more.cu" -o "$1/cub_more.$arch.ptx"
done
"$nvcc" -ptx -arch=sm_80 "$here/cub_heldout.cu" -o "$1/cub_heldout.sm_80.ptx"
