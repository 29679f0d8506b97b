#!/bin/sh
# Issue 28, item 2, in CPU seconds: the four-branch kernel of
# tests/files/branches/concrete-params with a symbolic launch and with its
# launch file (tests/files/branches/concrete-params/fixed.toml: block 128,
# every scalar fixed, so thread ranges and feasible paths are computed),
# each run N times (default 20) under /usr/bin/time; prints user and
# user+sys CPU seconds per run and their ratio to the symbolic analysis.
# Usage: bench/concrete_params_cpu.sh [build/cli/warpsat] [N] [extra options]
set -eu
warpsat=${1:-build/cli/warpsat}
runs=${2:-20}
[ $# -ge 2 ] && shift 2 || shift $#
dir=$(dirname "$0")/../tests/files/branches/concrete-params
ptx=$dir/four_branches.sm_80.ptx
cpu() {  # prints "user user+sys" seconds per run
  /usr/bin/time -f "%U %S" -o /tmp/concrete_params_cpu.$$ sh -c "
    for i in \$(seq $runs); do \"$warpsat\" branches \"$ptx\" $* >/dev/null; done"
  awk -v n="$runs" '{ printf "%.4f %.4f\n", $1 / n, ($1 + $2) / n }' /tmp/concrete_params_cpu.$$
  rm -f /tmp/concrete_params_cpu.$$
}
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
for mode in "--in-process" ""; do
  sym=$(cpu $mode "$@")
  con=$(cpu $mode --launch "$dir/fixed.toml" "$@")
  echo "${mode:-(child process per kernel)}: symbolic $sym s; launch file $con s (user, user+sys per run)" |
    awk -v s="$sym" -v c="$con" '{ split(s, a, " "); split(c, b, " "); printf "%s; ratio %.1fx user, %.1fx user+sys\n", $0, b[1] / a[1], b[2] / a[2] }'
done
