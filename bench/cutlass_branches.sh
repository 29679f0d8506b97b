#!/usr/bin/env bash
# `branches --declared-block` on every committed CUTLASS 3 Hopper GEMM kernel
# (examples/cutlass, issue 30): per kernel, the branches decided and
# validated (a uniform verdict only where a replay ran it), the role
# branches of the warp-specialized kernels, wall time
# CPU (user) seconds and peak resident memory (GNU time), one kernel at a
# time on one core. A kernel is stopped after KERNEL_CPU_LIMIT seconds of CPU
# (default 400; `ulimit -t`, which the kernel's child process inherits) or
# KERNEL_TIMEOUT seconds of wall time (default 3600), and reported as
# stopped: on a machine shared with others' builds a wall-clock limit
# measures their load, not warpsat. Run it under `nice` and read the user
# seconds. JSON_DIR=DIR keeps each kernel's JSON there (FILE.INDEX.json).
# The PTX has no .reqnctapercluster (the host gives the cluster at launch),
# so each kernel gets `--cluster` from CLUSTERS: space-separated entries
# NAME=XxY or NAME#INDEX=XxY (NAME the file's base name without .ptx, INDEX
# the kernel's place among the file's GEMM kernels, from 1; an entry with an
# index wins). INDEXES="5 6" runs only those kernels of each file. The default is the committed kernels' shapes
# (examples/cutlass/README.md); a kernel without an entry gets no --cluster.
# REPLAY_LAUNCHES=1 replays each kernel's verdicts also on the launch files
# of examples/cutlass/launch that name it (`--replay-launch`, CUTLASS's own
# Params; the row says how many files).
#
# Usage: [KERNEL_CPU_LIMIT=400] [KERNEL_TIMEOUT=3600] [JSON_DIR=DIR] [CLUSTERS=...] \
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
clusters="${CLUSTERS-48_hopper_warp_specialized_gemm=4x2 49_collective_builder=2x1 54_hopper_fp8_warp_specialized_gemm=1x2 \
56_hopper_ptr_array_batched_gemm#1=1x2 57_hopper_grouped_gemm#1=1x2 57_hopper_grouped_gemm#2=2x1 bf16_cooperative_c2x1=2x1}"
# The cluster shape CLUSTERS gives file $1's kernel $2, or nothing.
cluster_of() {
  local name shape="" entry
  name="$(basename "$1" .ptx)"
  for entry in $clusters; do
    [ "${entry%%=*}" = "$name" ] && [ -z "$shape" ] && shape="${entry#*=}"
    [ "${entry%%=*}" = "$name#$2" ] && { shape="${entry#*=}"; break; }
  done
  echo "$shape"
}
printf '%-40s %-44s %6s %6s %6s %8s %8s %8s\n' file kernel branches decided valid user wall MiB
for f in "${files[@]}"; do
  # The GEMM kernels (cutlass::device_kernel<...>), not the examples' reference kernels.
  mapfile -t kernels < <(grep -o '^\.entry [A-Za-z0-9_]*device_kernel[A-Za-z0-9_]*' "$f" | cut -d' ' -f2)
  index=0
  for k in "${kernels[@]}"; do
    index=$((index + 1))
    [ -n "${INDEXES:-}" ] && [[ " $INDEXES " != *" $index "* ]] && continue
    out="$scratch/out.json"
    cluster_args=()
    shape="$(cluster_of "$f" "$index")"
    [ -n "$shape" ] && cluster_args=(--cluster "$shape")
    replay_args=()
    if [ -n "${REPLAY_LAUNCHES:-}" ]; then
      for t in examples/cutlass/launch/*.toml; do
        grep -q "^kernel = \"$k\"" "$t" && replay_args+=(--replay-launch "$t")
      done
    fi
    (ulimit -t "$cpu_limit"; exec /usr/bin/time -f '%e %U %M' -o "$scratch/time" timeout "$limit" "$warpsat" branches "$f" \
      --declared-block "${cluster_args[@]}" "${replay_args[@]}" --full-names --kernel "$k" --format json) > "$out" 2> "$scratch/err"
    rc=$?
    [ -n "${JSON_DIR:-}" ] && mkdir -p "$JSON_DIR" && cp "$out" "$JSON_DIR/$(basename "$f" .ptx).$index.json"
    # GNU time writes "Command exited with non-zero status N" before its figures.
    read -r secs user kb < <(tail -n 1 "$scratch/time")
    python3 - "$out" "$f" "$secs" "$user" "$kb" "$rc" "$k" "$limit" "$index" "$cpu_limit" "$shape" "$((${#replay_args[@]} / 2))" <<'PY'
import json, re, sys
out, f, secs, user, kb, rc, mangled, limit, index, cpu_limit, cluster, files = sys.argv[1:]
# The demangled names all shorten to device_kernel<GemmUniversal<...>>: name the schedule and tile instead.
sched = re.findall(r"Kernel[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)*", mangled)
schedule = f"#{index} " + (sched[0] if sched else mangled[-40:]) + (f" {cluster}" if cluster else "")
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
# Uniform verdicts no replayed launch ran (not validated since the fifteenth session).
unreached = sum(1 for x in b if not x["validated"] and x["verdict"] == "uniform"
                and "reached it" in (x.get("validation") or ""))
print(f"{f.split('/')[-1]:<40} {schedule:<44} {len(b):6} {decided:6} {valid:6} {float(user):8.1f} {float(secs):8.1f} {int(kb)/1024:8.0f}"
      f"  ({100*decided/max(1,len(b)):.1f}% decided: {count('uniform')} uniform, {count('divergent')} divergent,"
      f" {count('unreachable')} unreachable, {count('unknown')} unknown; {unreached} uniform no replay reached; {tma} unvalidated at a tensor map;"
      f"{' ' + files + ' launch file(s);' if files != '0' else ''} exit {rc})")
PY
  done
done
rm -rf "$scratch"
