#!/bin/sh
# What the memory metrics cost `profile` (issue 32's target: at most 25%):
# the HyPA corpus and the ZLUDA suite profiled in full mode with and
# without them, REPS times each, alternating; prints the emulation time
# `profile --format json` reports (the kernels' durations summed, parsing
# excluded) per run and the ratio of the medians.
# Usage: bench/memory_metrics/cost.sh [WARPSAT] [REPS]   (from the repository root)
set -eu
warpsat=${1:-build/cli/warpsat}
reps=${2:-5}
shared=${WARPSAT_SHARED:-../shared}
total_ms() { python3 -c 'import json,sys; print(json.load(sys.stdin)["duration_ms"])'; }
median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
for corpus in hypa zluda; do
  if [ "$corpus" = hypa ]; then files=$(ls "$shared"/corpus/hypa/*.ptx); else files=$(ls "$shared"/corpus/zluda/ptx/*.ptx); fi
  on=""; off=""
  for r in $(seq "$reps"); do
    off="$off $("$warpsat" profile $files --format json --no-memory-metrics 2>/dev/null | total_ms)"
    on="$on $("$warpsat" profile $files --format json 2>/dev/null | total_ms)"
  done
  mon=$(echo $on | tr ' ' '\n' | median); moff=$(echo $off | tr ' ' '\n' | median)
  echo "$corpus: without memory metrics (ms):$off"
  echo "$corpus: with memory metrics (ms):   $on"
  python3 -c "print('$corpus: median %.1f ms -> %.1f ms, cost %+.1f%%' % ($moff, $mon, 100 * ($mon / $moff - 1)))"
done
