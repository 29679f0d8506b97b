#!/usr/bin/env bash
# `branches --declared-block` on every committed CUTLASS 3 Hopper GEMM kernel
# (examples/cutlass, issue 30): per kernel, the branches decided and
# validated, the role branches of the warp-specialized kernels, wall time
# and peak resident memory (GNU time), one kernel at a time on one core.
#
# Usage: bench/cutlass_branches.sh [build/cli/warpsat] [FILE.ptx...]   (figures: docs/benchmarks.md)
set -uo pipefail
cd "$(dirname "$0")/.."
warpsat="${1:-build/cli/warpsat}"
shift || true
files=("$@")
[ ${#files[@]} -eq 0 ] && files=(examples/cutlass/ptx/*.ptx)
scratch="$(mktemp -d)"
printf '%-40s %-60s %6s %6s %6s %8s %8s\n' file kernel branches decided valid seconds MiB
for f in "${files[@]}"; do
  # The GEMM kernels (cutlass::device_kernel<...>), not the examples' reference kernels.
  mapfile -t kernels < <(grep -o '^\.entry [A-Za-z0-9_]*device_kernel[A-Za-z0-9_]*' "$f" | cut -d' ' -f2)
  for k in "${kernels[@]}"; do
    out="$scratch/out.json"
    /usr/bin/time -f '%e %M' -o "$scratch/time" "$warpsat" branches "$f" --declared-block --full-names \
      --kernel "$k" --format json > "$out" 2> "$scratch/err"
    rc=$?
    read -r secs kb < "$scratch/time"
    python3 - "$out" "$f" "$secs" "$kb" "$rc" <<'PY'
import json, sys
out, f, secs, kb, rc = sys.argv[1:]
try:
    k = json.load(open(out))["kernels"][0]
except Exception:
    print(f"{f.split('/')[-1]:<40} (exit {rc}: no JSON)")
    sys.exit(0)
b = k["branches"]
decided = sum(1 for x in b if x["verdict"] != "unknown")
valid = sum(1 for x in b if x["validated"])
name = k.get("display_name") or k["name"]
print(f"{f.split('/')[-1]:<40} {name[-60:]:<60} {len(b):6} {decided:6} {valid:6} {float(secs):8.1f} {int(kb)/1024:8.0f}"
      f"  ({100*decided/max(1,len(b)):.1f}% decided, exit {rc})")
PY
  done
done
rm -rf "$scratch"
