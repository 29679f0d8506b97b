#!/usr/bin/env bash
# Regenerates ws_gemm.sm_80.ptx from ws_gemm.cu with nvcc (exit 77, a skip,
# where nvcc is missing), from the repository root so that the .file lines
# the reports use are relative paths. -lineinfo keeps the .loc lines.
set -euo pipefail
cd "$(dirname "$0")/../../.."
nvcc="${NVCC:-/usr/local/cuda/bin/nvcc}"
if ! command -v "$nvcc" >/dev/null 2>&1; then echo "nvcc not found; skipping" >&2; exit 77; fi
"$nvcc" -arch=sm_80 -ptx -lineinfo -I bench/gpu -o "${1:-tests/files/ws_gemm/ws_gemm.sm_80.ptx}" tests/files/ws_gemm/ws_gemm.cu
# nvcc writes included files' paths absolute; keep the committed file free of this checkout's location.
sed -i "s|\"$(pwd)/|\"|" "${1:-tests/files/ws_gemm/ws_gemm.sm_80.ptx}"
