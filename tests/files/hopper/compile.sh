#!/usr/bin/env bash
# Regenerates the sm_90a PTX of the Hopper test kernels here with nvcc (exit
# 77, a skip, where nvcc is missing), from the repository root so that the
# .file lines are relative paths; -lineinfo keeps the .loc lines. ptxas
# checks each file (as nvcc's own assembler would).
set -euo pipefail
cd "$(dirname "$0")/../../.."
nvcc="${NVCC:-/usr/local/cuda/bin/nvcc}"
if ! command -v "$nvcc" >/dev/null 2>&1; then echo "nvcc not found; skipping" >&2; exit 77; fi
ptxas="$(dirname "$(command -v "$nvcc")")/ptxas"
dir=tests/files/hopper
for k in tma_roundtrip tma_store_protocol cluster_multicast warpgroup_registers ws_gemm_sm90; do
  "$nvcc" -arch=sm_90a -ptx -lineinfo -o "$dir/$k.sm_90a.ptx" "$dir/$k.cu"
  sed -i "s|\"$(pwd)/|\"|" "$dir/$k.sm_90a.ptx"
  "$ptxas" -arch=sm_90a -o /dev/null "$dir/$k.sm_90a.ptx"
done
# The warp-specialized GEMM with one seeded bug each (ws_gemm_sm90.cu lists
# the macros), for the tests in bugs/.
for bug in EXPECT_TX PARITY NO_RELEASE STAGES NO_PROXY_FENCE NO_WAIT_GROUP SETMAXNREG NO_INIT_FENCE ARRIVAL_COUNT NO_ARRIVE; do
  out="$dir/bugs/ws_gemm_$(echo "$bug" | tr 'A-Z' 'a-z').sm_90a.ptx"
  "$nvcc" -arch=sm_90a -ptx -lineinfo -DBUG_"$bug" -o "$out" "$dir/ws_gemm_sm90.cu"
  sed -i "s|\"$(pwd)/|\"|" "$out"
  "$ptxas" -arch=sm_90a -o /dev/null "$out"
done
