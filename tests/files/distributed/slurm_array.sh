#!/usr/bin/env bash
# A real scheduler over --shard and merge: a one-node Slurm on localhost
# (local_slurm.sh), an `sbatch --array=1-4` job whose tasks each run
# `warpsat branches --shard I/4`, and a job that runs `warpsat merge` once
# all four ended well (--dependency=afterok); the merged JSON and SARIF must
# be the unsplit run's, byte for byte once the timings are set to 0.
# Usage: slurm_array.sh WARPSAT MODULE.ptx SCRATCH. Exit 77 (skip) when Slurm
# cannot be installed or started here.
set -euo pipefail
warpsat="$(realpath "$1")"
module="$(realpath "$2")"
scratch="$3"
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/warpsat-slurm.XXXXXX")"
. "$here/local_slurm.sh"
cleanup() {
  local_slurm_stop
  rm -rf "$work"
}
local_slurm_start "$work/slurm"
trap cleanup EXIT
mkdir -p "$work/out"
cd "$work/out"

# The shards: four tasks of one array job, one CPU each.
array=$(sbatch --parsable --array=1-4 --cpus-per-task=1 --job-name=warpsat-shards --output="$work/out/task-%a.log" \
  --wrap "'$warpsat' branches '$module' --format json --shard \$SLURM_ARRAY_TASK_ID/4 > shard-\$SLURM_ARRAY_TASK_ID.json &&
          '$warpsat' branches '$module' --format sarif --shard \$SLURM_ARRAY_TASK_ID/4 > shard-\$SLURM_ARRAY_TASK_ID.sarif")
# The merge: only after every task ended with exit 0; --wait returns with its exit status.
sbatch --parsable --wait --dependency="afterok:$array" --job-name=warpsat-merge --output="$work/out/merge.log" \
  --wrap "'$warpsat' merge shard-1.json shard-2.json shard-3.json shard-4.json -o merged.json &&
          '$warpsat' merge shard-4.sarif shard-3.sarif shard-2.sarif shard-1.sarif -o merged.sarif" >/dev/null || {
  echo "the merge job failed:"
  cat "$work"/out/*.log
  exit 1
}
echo "array job $array: $(ls shard-*.json | wc -l) shard outputs, merged by a dependent job"

"$warpsat" branches "$module" --format json > unsplit.json
"$warpsat" branches "$module" --format sarif > unsplit.sarif
timings='s/"(solve_ms|encode_ms)": [-0-9.e+]+/"\1": 0/g'
if cmp <(sed -E "$timings" unsplit.json) <(sed -E "$timings" merged.json); then
  echo "merged JSON = unsplit JSON (timings set to 0)"
else
  diff <(sed -E "$timings" unsplit.json) <(sed -E "$timings" merged.json) | head -n 20
fi
cmp unsplit.sarif merged.sarif && echo "merged SARIF = unsplit SARIF"
# What the test's CHECK lines read: each shard's kernels.
for i in 1 2 3 4; do
  python3 -c 'import json, sys; m = json.load(open(sys.argv[1]))["shard"]; print("shard", m["index"], "of", m["count"], m["names"])' "shard-$i.json"
done
cp merged.json "$scratch/slurm-merged.json" 2>/dev/null || true
