#!/bin/sh
# What the memory metrics cost `profile` (issue 32's target: at most 25%):
# the HyPA corpus and the ZLUDA suite profiled in full mode with and
# without them, REPS times each, alternating; prints the emulation time
# `profile --format json` reports (the kernels' durations summed, parsing
# excluded) per run and the ratio of the medians. CORPORA (default
# "hypa zluda") may add "hopper": the CUTLASS 3 sm_90a kernels of
# examples/cutlass on their six launch files and the project's WS GEMM,
# where TMA copies and wgmma operands are counted too.
# Usage: [CORPORA="hypa zluda hopper"] bench/memory_metrics/cost.sh [WARPSAT] [REPS]   (from the repository root)
set -eu
warpsat=${1:-build/cli/warpsat}
reps=${2:-5}
shared=${WARPSAT_SHARED:-../shared}
total_ms() { python3 -c 'import json,sys; print(json.load(sys.stdin)["duration_ms"])'; }
median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
# The Hopper launches: PTX and launch file, one pair a line.
hopper_launches() {
  for l in examples/cutlass/launch/*.toml; do
    case $(basename "$l") in
      48_*) echo "examples/cutlass/ptx/48_hopper_warp_specialized_gemm.ptx $l" ;;
      54_*) echo "examples/cutlass/ptx/54_hopper_fp8_warp_specialized_gemm.ptx $l" ;;
      fp16_pingpong_*) echo "examples/cutlass/ptx/fp16_pingpong_c1x1.ptx $l" ;;
    esac
  done
  echo "tests/files/hopper/ws_gemm_sm90.sm_90a.ptx bench/ws-gemm-k4096.launch.toml"
}
# One run over the Hopper launches: the emulation times summed.
hopper_ms() {
  hopper_launches | while read -r ptx launch; do "$warpsat" profile "$ptx" --launch "$launch" --format json "$@" 2>/dev/null | total_ms; done |
    awk '{ s += $1 } END { print s }'
}
for corpus in ${CORPORA:-hypa zluda}; do
  case $corpus in
    hypa) files=$(ls "$shared"/corpus/hypa/*.ptx) ;;
    zluda) files=$(ls "$shared"/corpus/zluda/ptx/*.ptx) ;;
  esac
  on=""; off=""
  for r in $(seq "$reps"); do
    if [ "$corpus" = hopper ]; then
      off="$off $(hopper_ms --no-memory-metrics)"
      on="$on $(hopper_ms)"
      continue
    fi
    off="$off $("$warpsat" profile $files --format json --no-memory-metrics 2>/dev/null | total_ms)"
    on="$on $("$warpsat" profile $files --format json 2>/dev/null | total_ms)"
  done
  mon=$(echo $on | tr ' ' '\n' | median); moff=$(echo $off | tr ' ' '\n' | median)
  echo "$corpus: without memory metrics (ms):$off"
  echo "$corpus: with memory metrics (ms):   $on"
  python3 -c "print('$corpus: median %.1f ms -> %.1f ms, cost %+.1f%%' % ($moff, $mon, 100 * ($mon / $moff - 1)))"
done
