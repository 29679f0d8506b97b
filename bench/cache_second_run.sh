#!/bin/bash
# The verdict cache's second run (docs/benchmarks.md, issue 33): a module
# analysed from an empty cache, then one kernel changed by a sed edit and
# the module run again from (a copy of) that cache, with replays and with
# --trust-cache, and once unchanged with --trust-cache (the floor). Prints
# each run's CPU time (user + sys, /usr/bin/time) and its share of the
# first run's, and checks that every kernel's verdicts after the change are
# the first run's, branch by branch (in order: the edit shifts lines).
#
# Usage: bench/cache_second_run.sh WARPSAT MODULE.ptx SED-EDIT [ROUNDS]
#   bench/cache_second_run.sh build/cli/warpsat /tmp/i33m/cub/cub.sm_80.ptx \
#       '5700a\	add.s32 	%r156, %r156, 0;' 2
set -euo pipefail
warpsat=$(realpath "$1"); module=$(realpath "$2"); edit=$3; rounds=${4:-2}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
sed "$edit" "$module" > changed.ptx
cmp -s "$module" changed.ptx && { echo "the edit changes nothing" >&2; exit 2; }
cpu() {  # cpu OUT -- command...: runs it, prints user+sys seconds
  local out=$1; shift; shift
  /usr/bin/time -f '%U %S' -o time.txt "$@" > "$out"
  awk '{printf "%.2f", $1 + $2}' time.txt
}
verdicts_equal() {
  python3 - "$1" "$2" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
ka = {k["name"]: [x["verdict"] for x in k["branches"]] for k in a["kernels"]}
kb = {k["name"]: [x["verdict"] for x in k["branches"]] for k in b["kernels"]}
bad = [n for n in ka if ka[n] != kb.get(n)]
print(f"{len(ka)} kernels, {sum(map(len, ka.values()))} branches: " +
      ("every verdict equal" if not bad and ka.keys() == kb.keys() else f"{len(bad)} kernel(s) differ"))
PY
}
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq "$rounds"); do
  rm -f c.db* t.db*
  first=$(cpu first.json -- "$warpsat" branches "$module" --format json --cache c.db)
  cp c.db base.db
  cp base.db t.db; replays=$(cpu replays.json -- "$warpsat" branches changed.ptx --format json --cache t.db)
  rm -f t.db*; cp base.db t.db; trusted=$(cpu trusted.json -- "$warpsat" branches changed.ptx --format json --cache t.db --trust-cache)
  rm -f t.db*; cp base.db t.db; floor=$(cpu hit.json -- "$warpsat" branches "$module" --format json --cache t.db --trust-cache)
  share() { awk -v a="$1" -v b="$first" 'BEGIN {printf "%.1f%%", 100 * a / b}'; }
  echo "round $round: first ${first} s CPU; one kernel changed: replays ${replays} s ($(share "$replays")), --trust-cache ${trusted} s ($(share "$trusted")); nothing changed, --trust-cache ${floor} s ($(share "$floor"))"
  echo "  replays: $(verdicts_equal first.json replays.json); --trust-cache: $(verdicts_equal first.json trusted.json)"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
