#!/usr/bin/env bash
# Inputs that used to take quadratic time (issue 13): a PTX function with
# 10^6 labels (`inspect`), a vector operand of 10^5 registers (`inspect`) and
# a 10^6-row trace (`check-trace`). Prints the wall time and peak memory of
# each; figures in docs/benchmarks.md.
#
# Usage: bench/linear_inputs.sh [build/cli/warpsat]
set -euo pipefail
cd "$(dirname "$0")/.."
warpsat="$(realpath "${1:-build/cli/warpsat}")"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
python3 - "$dir" <<'PY'
import sys
d = sys.argv[1]
with open(f"{d}/labels.ptx", "w") as f:
    f.write(".version 7.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n")
    f.write("".join(f"L{i}:\n" for i in range(1000000)))
    f.write("  bra L0;\n  ret;\n}\n")
with open(f"{d}/vector.ptx", "w") as f:
    f.write(".version 7.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n  .reg .b32 %r<100001>;\n")
    f.write("  mov.b32 {" + ",".join(f"%r{i}" for i in range(100000)) + "}, %r1;\n  ret;\n}\n")
PY
"$warpsat" simulate --m 64 --n 64 --k 64000000 --tile 64x64x64 --stages 2 --machine dma-fast --format csv > "$dir/trace.csv"
measure() {
  local what="$1"
  shift
  /usr/bin/time -f "$what: %e s, %M KiB" "$@" > /dev/null
}
measure "inspect, 10^6 labels" "$warpsat" inspect "$dir/labels.ptx"
measure "inspect, a vector of 10^5 registers" "$warpsat" inspect "$dir/vector.ptx"
measure "check-trace, 10^6 rows" "$warpsat" check-trace "$dir/trace.csv" --m 64 --n 64 --k 64000000 \
  --tile 64x64x64 --stages 2 --machine dma-fast
