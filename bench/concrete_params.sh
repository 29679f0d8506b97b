#!/bin/sh
# Issue 28, item 2: the four-branch kernel of tests/files/branches/concrete-params
# (a bound, a 64-wide window at a parameter, a stride, a product) with a
# symbolic launch and with --block 128 --grid 1 and no assumption (its
# parameters free), then with assumptions that fix them (ranges and paths),
# each run 5 times in one process each; prints the median wall time of each.
# Usage: bench/concrete_params.sh [build/cli/warpsat]
set -eu
warpsat=${1:-build/cli/warpsat}
ptx=$(dirname "$0")/../tests/files/branches/concrete-params/four_branches.sm_80.ptx
median() {
  for i in 1 2 3 4 5; do
    s=$(date +%s.%N); "$warpsat" branches "$ptx" --in-process "$@" >/dev/null; e=$(date +%s.%N)
    echo "$e - $s" | bc
  done | sort -n | sed -n 3p
}
echo "symbolic launch:                $(median) s"
echo "--block 128 --grid 1 (free):    $(median --block 128 --grid 1) s"
echo "--block 128 --grid 1 (fixed):   $(median --block 128 --grid 1 --assume 'param1 == 100' --assume 'param2 == 32' --assume 'param3 == 2' --assume 'param4 == 8' --assume 'param5 == 5') s"
