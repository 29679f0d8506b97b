#!/usr/bin/env bash
# `branches --shard I/N` as a Slurm job array on this machine, against one
# unsplit process (docs/benchmarks.md, docs/distributed.md):
#
#   bench/slurm_shards.sh build/cli/warpsat /tmp/cub12/cub.sm_80.ptx 4 [more branches options]
#
# starts a one-node Slurm on localhost (tests/files/distributed/local_slurm.sh,
# needs root and Debian's slurm-wlm and munge), times one unsplit
# `warpsat branches MODULE --format json`, then the array: from `sbatch
# --array=1-N` to the end of its last task (each task writes its start and
# end), and the dependent merge job after it. Prints both wall times, their
# ratio, and whether the merged JSON is the unsplit one with every timing set
# to 0 (if not, which kernels differ: the analysis is clock-bounded, so two
# unsplit runs on a loaded machine can differ too).
set -euo pipefail
warpsat="$(realpath "$1")"
module="$(realpath "$2")"
shards="$3"
shift 3
extra="$*"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/warpsat-slurm-bench.XXXXXX")"
. "$root/tests/files/distributed/local_slurm.sh"
local_slurm_start "$work/slurm"
cd "$work"
now() { date +%s.%N; }
calc() { python3 -c "print(round($1, 3))"; }

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
t0=$(now)
/usr/bin/time -f "%U %S" -o cpu-unsplit "$warpsat" branches "$module" --format json $extra > unsplit.json
t1=$(now)
unsplit=$(calc "$t1 - $t0")

t2=$(now)
array=$(sbatch --parsable --array=1-"$shards" --cpus-per-task=1 --output="$work/task-%a.log" --wrap \
  "date +%s.%N > start-\$SLURM_ARRAY_TASK_ID; /usr/bin/time -f '%U %S' -o cpu-\$SLURM_ARRAY_TASK_ID '$warpsat' branches '$module' --format json --shard \$SLURM_ARRAY_TASK_ID/$shards $extra > shard-\$SLURM_ARRAY_TASK_ID.json; status=\$?; date +%s.%N > end-\$SLURM_ARRAY_TASK_ID; exit \$status")
files=""
for i in $(seq "$shards"); do files="$files shard-$i.json"; done
sbatch --parsable --wait --dependency="afterok:$array" --output="$work/merge.log" \
  --wrap "'$warpsat' merge $files -o merged.json" >/dev/null
t3=$(now)
last_end=$(cat end-* | sort -n | tail -n 1)
array_wall=$(calc "$last_end - $t2")
with_merge=$(calc "$t3 - $t2")
echo "unsplit: $unsplit s wall"
echo "array of $shards: $array_wall s wall from sbatch to the last task's end ($with_merge s with the merge job)"
echo "ratio: $(calc "$array_wall / $unsplit")"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
cpu() { python3 -c 'import sys; print(round(sum(map(float, open(sys.argv[1]).read().split())), 2))' "$1"; }
echo "unsplit: $(cpu cpu-unsplit) s CPU (user + sys)"
for i in $(seq "$shards"); do
  echo "  task $i: $(calc "$(cat end-$i) - $(cat start-$i)") s wall, $(cpu cpu-$i) s CPU, kernels $(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["shard"]["items"]))' shard-$i.json)"
done
# What an idle machine would give: the tasks' CPU times run as Slurm runs
# them (in task order, each on the first of the node's CPUs to come free),
# against the unsplit CPU time. A loaded machine gives N processes about N
# times the share of one, which the wall-time ratio above includes.
python3 - "$shards" "$(nproc)" <<'EOF2'
import sys
n, cpus = int(sys.argv[1]), int(sys.argv[2])
cpu = lambda p: sum(map(float, open(p).read().split()))
tasks = [cpu(f"cpu-{i}") for i in range(1, n + 1)]
free = [0.0] * cpus
for t in tasks:
    k = free.index(min(free))
    free[k] += t
unsplit = cpu("cpu-unsplit")
print(f"CPU: shards {sum(tasks):.2f} s in all ({sum(tasks) / unsplit:.2f}x unsplit), largest {max(tasks):.2f} s; "
      f"on {cpus} idle CPUs the array would take {max(free):.2f} s: {max(free) / unsplit:.2f}x unsplit")
EOF2
timings='s/"(solve_ms|encode_ms)": [-0-9.e+]+/"\1": 0/g'
if cmp -s <(sed -E "$timings" unsplit.json) <(sed -E "$timings" merged.json); then
  echo "merged = unsplit (JSON, timings set to 0)"
else
  python3 - unsplit.json merged.json <<'EOF'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
def strip(x):
    if isinstance(x, dict): return {k: strip(v) for k, v in x.items() if k not in ("solve_ms", "encode_ms")}
    if isinstance(x, list): return [strip(v) for v in x]
    return x
for ka, kb in zip(a["kernels"], b["kernels"]):
    if strip(ka) != strip(kb):
        diff = sum(strip(x) != strip(y) for x, y in zip(ka["branches"], kb["branches"]))
        verdicts = sum(x["verdict"] != y["verdict"] for x, y in zip(ka["branches"], kb["branches"]))
        print(f"differs: {ka['name'][:60]}: {diff} branch(es), {verdicts} verdict(s)")
EOF
fi
local_slurm_stop
rm -rf "$work"
