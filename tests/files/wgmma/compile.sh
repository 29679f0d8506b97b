#!/usr/bin/env bash
# Regenerates the committed PTX of wgmma_gemm.cu with nvcc for sm_90a (exit
# 77, a skip, where nvcc is missing), from the repository root so that the
# .file lines are relative paths; -lineinfo keeps the .loc lines the hazard
# reports name. ptxas, when present, must accept every file.
#   wgmma_gemm.sm_90a.ptx          A and B from shared memory (wgmma SS)
#   wgmma_gemm_rs.sm_90a.ptx       A from registers through ldmatrix (wgmma RS)
#   wgmma_gemm_nowait.sm_90a.ptx   the seeded bug: no wait_group 0 before the epilogue
set -euo pipefail
cd "$(dirname "$0")/../../.."
nvcc="${NVCC:-/usr/local/cuda/bin/nvcc}"
if ! command -v "$nvcc" >/dev/null 2>&1; then echo "nvcc not found; skipping" >&2; exit 77; fi
dir=tests/files/wgmma
for variant in ":wgmma_gemm" "-DA_FROM_REGISTERS:wgmma_gemm_rs" "-DBUG_NO_FINAL_WAIT:wgmma_gemm_nowait"; do
  flags="${variant%%:*}" out="$dir/${variant#*:}.sm_90a.ptx"
  # shellcheck disable=SC2086
  "$nvcc" -arch=sm_90a -ptx -lineinfo $flags -o "$out" "$dir/wgmma_gemm.cu"
  # nvcc writes the source's path absolute; keep this checkout's location out of the committed file.
  sed -i "s|\"$(pwd)/|\"|" "$out"
  ptxas="$(dirname "$(command -v "$nvcc")")/ptxas"
  if [ -x "$ptxas" ]; then "$ptxas" -arch=sm_90a "$out" -o /dev/null; fi
done
