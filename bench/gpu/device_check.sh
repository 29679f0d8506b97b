#!/bin/bash
# The checks that need a GPU, in one call (docs/gpu-replay.md): run on a
# machine with an NVIDIA GPU, the CUDA toolkit and Nsight Compute.
#
#   bench/gpu/device_check.sh REPLAYS OUT
#
# REPLAYS is what bench/gpu/export_replays.sh wrote (made where warpsat is
# built: this machine needs none of warpsat's dependencies). Writes to OUT:
#   log.txt          the GPU, the tools' versions, each step's outcome
#   replay.txt       bench/gpu/replay: every buffer, GPU vs emulator, and kernel times
#   ncu.csv          Nsight Compute's raw page for every launch (instructions, branches, FLOPs, memory)
#   ncu_tma.csv      the TMA metrics for the Hopper launches, separately (names not in NVIDIA's reference)
#   differing.tar.gz the GPU's contents of each buffer that differs from the emulator's
#   pieces.csv, kernels.csv   bench/gpu/ws_gemm_bench's timings (warpsat calibrate, validate-model)
# Steps are ordered by value and each has its own time limit, so a slow one
# leaves the others' results.
set -u
replays=${1:?usage: device_check.sh REPLAYS OUT}
out=${2:?usage: device_check.sh REPLAYS OUT}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
log="$out/log.txt"
say() { echo "$@" | tee -a "$log"; }
PATH=$PATH:/usr/local/cuda/bin

say "== $(date -u +%FT%TZ)"
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv 2>&1 | tee -a "$log"
nvcc --version 2>&1 | tail -2 | tee -a "$log"
ncu --version 2>&1 | tail -1 | tee -a "$log"

# The replay program: built here (its own toolkit and driver); the copy made
# where the replays were written if that fails.
bin=/tmp/warpsat-gpu
mkdir -p $bin
if nvcc -O2 -std=c++17 -o $bin/replay "$here/replay.cpp" -lcuda >>"$log" 2>&1; then
  say "replay: built here"
elif [ -x "$here/replay" ]; then
  cp "$here/replay" $bin/replay && say "replay: the prebuilt copy"
else
  say "replay: cannot build"; exit 2
fi
dirs=$(sed "s|^|$replays/|" "$replays/index")
hopper=$(grep -E '^(tma_|cluster_|ws_gemm_sm90|wgmma|cutlass|edge_)' "$replays/index" | sed "s|^|$replays/|")

say "== replay (GPU vs emulator, every buffer; kernel times: median of 20)"
timeout 150 $bin/replay --time 20 --save /tmp/warpsat-gpu/saved $dirs > "$out/replay.txt" 2>&1
# The GPU's contents of every buffer that differs, in one file ($OUT takes few).
[ -d /tmp/warpsat-gpu/saved ] && tar -C /tmp/warpsat-gpu -czf "$out/differing.tar.gz" saved
say "replay exit $? ($(grep -c '=> EQUAL' "$out/replay.txt") equal, $(grep -c '=> DIFFERENT' "$out/replay.txt") different, $(grep -c '=> ERROR' "$out/replay.txt") errors)"

say "== ncu --query-metrics"
ncu --query-metrics > /tmp/warpsat-gpu/ncu_metrics.txt 2>&1
known() { grep -q -w -- "${1%.*}" /tmp/warpsat-gpu/ncu_metrics.txt; }
core="launch__grid_size launch__block_size launch__thread_count gpu__time_duration.sum
smsp__inst_executed.sum smsp__thread_inst_executed.sum smsp__thread_inst_executed_pred_on.sum smsp__warps_launched.sum
smsp__sass_inst_executed_op_branch.sum smsp__sass_branch_targets.sum smsp__sass_branch_targets_threads_divergent.sum
smsp__sass_branch_targets_threads_uniform.sum smsp__sass_average_branch_targets_threads_uniform.pct"
for op in fadd fmul ffma hadd hmul hfma dadd dmul dfma; do core="$core smsp__sass_thread_inst_executed_op_${op}_pred_on.sum"; done
for op in ld st atom red ldgsts_cache_access; do
  core="$core l1tex__t_requests_pipe_lsu_mem_global_op_$op.sum l1tex__t_sectors_pipe_lsu_mem_global_op_$op.sum"
done
for op in ld st; do
  core="$core l1tex__t_requests_pipe_lsu_mem_local_op_$op.sum l1tex__t_sectors_pipe_lsu_mem_local_op_$op.sum"
done
for op in ld st atom gmma ldgsts; do
  core="$core l1tex__data_pipe_lsu_wavefronts_mem_shared_op_$op.sum l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_$op.sum"
done
core="$core sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldsm.sum sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ldsm.sum"
core="$core smsp__inst_executed_op_shared_ld.sum smsp__inst_executed_op_shared_st.sum smsp__inst_executed_op_shared_atom.sum smsp__inst_executed_op_ldsm.sum smsp__inst_executed_op_shared_stsm.sum"
core="$core smsp__sass_inst_executed_op_ldgsts.sum smsp__sass_inst_executed_op_tma_ld.sum smsp__sass_inst_executed_op_tma_st.sum"
tma="launch__grid_size launch__block_size smsp__sass_inst_executed_op_tma_ld.sum smsp__sass_inst_executed_op_tma_st.sum
smsp__sass_inst_executed_op_tma_red.sum l1tex__m_xbar2l1tex_read_bytes_mem_global_op_tma_ld_dest_multicast.sum
l1tex__m_xbar2l1tex_read_bytes_mem_global_op_tma_ld.sum l1tex__m_xbar2l1tex_read_sectors_mem_global_op_tma_ld.sum
l1tex__m_l1tex2xbar_write_bytes_mem_global_op_tma_st.sum l1tex__m_l1tex2xbar_write_sectors_mem_global_op_tma_st.sum"
pick() {
  local kept="" m
  for m in $1; do
    # launch__* are not hardware counters: ncu lists none of them but reports them all.
    if [[ $m == launch__* ]] || known "$m"; then kept="$kept,$m"; else say "ncu does not know $m: left out" >&2; fi
  done
  echo "${kept#,}"
}
core_list=$(pick "$core")
tma_list=$(pick "$tma")

say "== ncu: every launch"
timeout 200 ncu --clock-control none --csv --page raw --print-units base --metrics "$core_list" $bin/replay $dirs > "$out/ncu.csv" 2>"$out/ncu.err"
say "ncu exit $? ($(grep -c '^"[0-9]' "$out/ncu.csv") launches profiled)"
tail -5 "$out/ncu.err" >> "$log"

if [ -n "$tma_list" ] && [ -n "$hopper" ]; then
  say "== ncu: TMA metrics of the Hopper launches"
  timeout 80 ncu --clock-control none --csv --page raw --print-units base --metrics "$tma_list" $bin/replay $hopper > "$out/ncu_tma.csv" 2>>"$out/ncu.err"
  say "ncu exit $? ($(grep -c '^"[0-9]' "$out/ncu_tma.csv") launches profiled)"
fi

say "== ws_gemm_bench (seed 001's pieces and whole kernels, M, N, K up to 512)"
if nvcc -std=c++17 -O3 -arch=sm_90 -lineinfo -o $bin/ws_gemm_bench "$here/ws_gemm_bench.cu" >>"$log" 2>&1; then
  timeout 150 $bin/ws_gemm_bench --out "$out" --reps 10 --max-dim ${WS_MAX_DIM:-1024} >> "$log" 2>&1
  say "ws_gemm_bench exit $?"
else
  say "ws_gemm_bench: does not build"
fi
say "== done $(date -u +%FT%TZ)"
cat "$out/replay.txt" | grep -E '=>|differ|device' | head -80
