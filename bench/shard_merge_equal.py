#!/usr/bin/env python3
"""Does `warpsat merge` of every split print what the unsplit run prints?
(docs/benchmarks.md, issue 33; docs/distributed.md)

  bench/shard_merge_equal.py build/cli/warpsat --splits 2,3,4,7 --format json -- \
      branches /tmp/cub/cub.sm_80.ptx

runs `warpsat COMMAND... --format F` once unsplit, then for each N of
--splits its N shards (`--shard I/N`, one after the other) and `warpsat
merge` of them in reversed order, and compares the merged output with the
unsplit one byte for byte, after setting each timing to 0 (JSON: solve_ms,
encode_ms, validate_ms, duration_ms; profile CSV: the `duration ms` column;
HyPA's CSV: its last, `Duration (msec)`). Timings are the one thing two runs
never share; nothing else is normalised. Prints one line per split and the
wall time of each run; where they differ, the first differing lines (for
`branches`, the clock-bounded analysis can find other witnesses on a
loaded machine: then the cause is named, run, not merge). Exit 1 if any
split differs.
"""
import argparse
import csv
import io
import json
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TIMING_KEYS = r'"(solve_ms|encode_ms|validate_ms|duration_ms)": [-0-9.e+]+'


def normalise(text: str, fmt: str) -> str:
    if fmt in ("json", "sarif"):
        return re.sub(TIMING_KEYS, r'"\1": 0', text)
    lines = text.splitlines(keepends=True)
    if fmt == "csv":
        head = next(csv.reader([lines[0]]))
        if "duration ms" not in head:
            return text
        col = head.index("duration ms")
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        for row in csv.reader(lines):
            if len(row) > col and row is not None and row[col] != "duration ms":
                row[col] = "0"
            w.writerow(row)
        return out.getvalue()
    if fmt == "hypa-csv":
        return "".join(re.sub(r';"[0-9.]+"(\r?\n?)$', r';"0"\1', l) for l in lines)
    return text


def run(cmd, out_path):
    t0 = time.monotonic()
    with open(out_path, "w") as f:
        r = subprocess.run(cmd, stdout=f, stderr=subprocess.PIPE, text=True)
    return r.returncode, time.monotonic() - t0, r.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("warpsat")
    ap.add_argument("--splits", default="2,3,4")
    ap.add_argument("--format", required=True)
    ap.add_argument("--keep", help="folder for the outputs (default: a temporary one)")
    ap.add_argument("rest", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    rest = a.rest[1:] if a.rest and a.rest[0] == "--" else a.rest
    work = Path(a.keep or tempfile.mkdtemp(prefix="warpsat-merge-"))
    work.mkdir(parents=True, exist_ok=True)
    base = [a.warpsat] + rest + ["--format", a.format]
    rc, secs, err = run(base, work / "unsplit.out")
    print(f"unsplit: exit {rc}, {secs:.1f} s wall  ({' '.join(base[1:])})", flush=True)
    unsplit = normalise((work / "unsplit.out").read_text(), a.format)
    bad = 0
    for n in (int(x) for x in a.splits.split(",")):
        files, wall, codes = [], 0.0, []
        for i in range(1, n + 1):
            p = work / f"shard-{i}-of-{n}.out"
            c, s, e = run(base + ["--shard", f"{i}/{n}"], p)
            codes.append(c)
            wall += s
            files.append(str(p))
        m = work / f"merged-{n}.out"
        c, s, e = run([a.warpsat, "merge"] + files[::-1], m)
        merged = normalise(m.read_text(), a.format)
        same = merged == unsplit
        bad += not same
        print(f"  {n} shards (exits {codes}, {wall:.1f} s wall in all), merge exit {c} (unsplit {rc}): "
              f"{'merged = unsplit' if same else 'DIFFERENT'}" + (f"  {e.strip()}" if c != rc else ""), flush=True)
        if not same:
            ul, ml = unsplit.splitlines(), merged.splitlines()
            shown = 0
            for k, (x, y) in enumerate(zip(ul, ml)):
                if x != y and shown < 6:
                    print(f"    line {k + 1}: unsplit {x.strip()[:110]}\n    {'':>{len(str(k + 1)) + 5}}  merged  {y.strip()[:110]}")
                    shown += 1
            if len(ul) != len(ml):
                print(f"    {len(ul)} lines unsplit, {len(ml)} merged")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
