#!/usr/bin/env bash
# `branches --declared-block` on every committed CUTLASS 3 Hopper GEMM kernel
# (examples/cutlass, issue 30): per kernel, the branches decided and
# validated, the role branches of the warp-specialized kernels, wall time
# CPU (user) seconds and peak resident memory (GNU time), one kernel at a
# time on one core. A kernel is stopped after KERNEL_CPU_LIMIT seconds of CPU
# (default 400; `ulimit -t`, which the kernel's child process inherits) or
# KERNEL_TIMEOUT seconds of wall time (default 3600), and reported as
# stopped: on a machine shared with others' builds a wall-clock limit
# measures their load, not warpsat. Run it under `nice` and read the user
# seconds. JSON_DIR=DIR keeps each kernel's JSON there (FILE.INDEX.json).
#
# Usage: [KERNEL_CPU_LIMIT=400] [KERNEL_TIMEOUT=3600] [JSON_DIR=DIR] \
#          bench/cutlass_branches.sh [build/cli/warpsat] [FILE.ptx...]   (figures: docs/benchmarks.md)
set -uo pipefail
cd "$(dirname "$0")/.."
warpsat="${1:-build/cli/warpsat}"
shift || true
files=("$@")
[ ${#files[@]} -eq 0 ] && files=(examples/cutlass/ptx/*.ptx)
scratch="$(mktemp -d)"
limit="${KERNEL_TIMEOUT:-3600}"
cpu_limit="${KERNEL_CPU_LIMIT:-400}"
printf '%-40s %-44s %6s %6s %6s %8s %8s %8s\n' file kernel branches decided valid user wall MiB
for f in "${files[@]}"; do
  # The GEMM kernels (cutlass::device_kernel<...>), not the examples' reference kernels.
  mapfile -t kernels < <(grep -o '^\.entry [A-Za-z0-9_]*device_kernel[A-Za-z0-9_]*' "$f" | cut -d' ' -f2)
  index=0
  for k in "${kernels[@]}"; do
    index=$((index + 1))
    out="$scratch/out.json"
    (ulimit -t "$cpu_limit"; exec /usr/bin/time -f '%e %U %M' -o "$scratch/time" timeout "$limit" "$warpsat" branches "$f" \
      --declared-block --full-names --kernel "$k" --format json) > "$out" 2> "$scratch/err"
    rc=$?
    [ -n "${JSON_DIR:-}" ] && mkdir -p "$JSON_DIR" && cp "$out" "$JSON_DIR/$(basename "$f" .ptx).$index.json"
    # GNU time writes "Command exited with non-zero status N" before its figures.
    read -r secs user kb < <(tail -n 1 "$scratch/time")
    python3 - "$out" "$f" "$secs" "$user" "$kb" "$rc" "$k" "$limit" "$index" "$cpu_limit" <<'PY'
import json, re, sys
out, f, secs, user, kb, rc, mangled, limit, index, cpu_limit = sys.argv[1:]
# The demangled names all shorten to device_kernel<GemmUniversal<...>>: name the schedule and tile instead.
sched = re.findall(r"Kernel[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)*", mangled)
schedule = f"#{index} " + (sched[0] if sched else mangled[-40:])
try:
    k = json.load(open(out))["kernels"][0]
except Exception:
    why = (f"stopped after {limit} s wall" if rc == "124" else
           f"stopped at {cpu_limit} s of CPU" if float(user) >= 0.95 * float(cpu_limit) else "no JSON")
    print(f"{f.split('/')[-1]:<40} {schedule:<44} {'-':>6} {'-':>6} {'-':>6} {float(user):8.1f} {float(secs):8.1f} {int(kb)/1024:8.0f}"
          f"  (exit {rc}: {why})")
    sys.exit(0)
b = k["branches"]
count = lambda v: sum(1 for x in b if x["verdict"] == v)
decided = len(b) - count("unknown")
valid = sum(1 for x in b if x["validated"])
# Replays of a made-up launch stop at the first TMA load while no tensor map is made up.
tma = sum(1 for x in b if not x["validated"] and "holds no tensor map" in (x.get("validation") or ""))
print(f"{f.split('/')[-1]:<40} {schedule:<44} {len(b):6} {decided:6} {valid:6} {float(user):8.1f} {float(secs):8.1f} {int(kb)/1024:8.0f}"
      f"  ({100*decided/max(1,len(b)):.1f}% decided: {count('uniform')} uniform, {count('divergent')} divergent,"
      f" {count('unreachable')} unreachable, {count('unknown')} unknown; {tma} unvalidated at a tensor map; exit {rc})")
PY
  done
done
rm -rf "$scratch"
