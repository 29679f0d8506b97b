#!/bin/sh
# check-pipeline's time per kernel (docs/benchmarks.md, "check-pipeline"),
# and `run` on the same launches: the recorder's cost, and the emulator's
# speed without one (compare with BEFORE=/path/to/an/older/warpsat). Times
# are CPU seconds (user + system, the median of REPEATS runs): the machine is
# shared, and wall time under load says more about the neighbours.
# Usage: bench/check_pipeline.sh [WARPSAT] [REPEATS]
set -eu
W=${1:-build/cli/warpsat}
N=${2:-5}
H=tests/files/hopper
C=examples/cutlass
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
time_of() {
  i=0
  while [ $i -lt "$N" ]; do
    /usr/bin/time -f "%U %S" -o /tmp/check_pipeline_bench.$$ "$@" >/dev/null 2>&1 || true
    tail -n 1 /tmp/check_pipeline_bench.$$ | awk '{printf "%.2f\n", $1 + $2}'
    i=$((i + 1))
  done | median
}
row() {
  name=$1; ptx=$2; launch=$3
  r=$(time_of "$W" run "$ptx" --launch "$launch")
  c=$(time_of "$W" check-pipeline "$ptx" --launch "$launch")
  b=""
  if [ -n "${BEFORE:-}" ]; then b=$(time_of "$BEFORE" run "$ptx" --launch "$launch"); fi
  printf '%-36s run %6s s  check-pipeline %6s s  %s\n' "$name" "$r" "$c" "${b:+run before $b s}"
}
row ws-gemm $H/ws_gemm_sm90.sm_90a.ptx $H/ws-gemm.launch.toml
row ws-gemm-partial $H/ws_gemm_sm90.sm_90a.ptx $H/ws-gemm-partial.launch.toml
row ws-gemm-k4096 $H/ws_gemm_sm90.sm_90a.ptx bench/ws-gemm-k4096.launch.toml
row stages-bug $H/bugs/ws_gemm_stages.sm_90a.ptx $H/ws-gemm-partial.launch.toml
row no-release-bug $H/bugs/ws_gemm_no_release.sm_90a.ptx $H/ws-gemm-partial.launch.toml
for l in $C/launch/*.toml; do
  b=$(basename "$l" .toml)
  case $b in
    48_*) p=48_hopper_warp_specialized_gemm ;;
    54_*) p=54_hopper_fp8_warp_specialized_gemm ;;
    fp16_*) p=fp16_pingpong_c1x1 ;;
    *) continue ;;
  esac
  row "$b" $C/ptx/$p.ptx "$l"
done
rm -f /tmp/check_pipeline_bench.$$
