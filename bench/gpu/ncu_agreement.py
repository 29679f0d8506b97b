#!/usr/bin/env python3
"""Per-metric agreement between the emulator and Nsight Compute over the
launches bench/gpu/device_check.sh profiled (docs/gpu-replay.md).

  bench/gpu/ncu_agreement.py --index REPLAYS/index --profile ncu.csv [--gen REPLAYS/gen]
                             [--warpsat build/cli/warpsat] [--only REGEX] [--detail]

Launch IDs in the profile follow the index's order (the replay program runs
its directories in that order). For each metric warpsat compares, prints in
how many launches the two counts are equal, and the range of emulator/ncu.
"""
import argparse
import json
import re
import subprocess
import sys
from collections import defaultdict


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--index", required=True)
    p.add_argument("--profile", required=True)
    p.add_argument("--gen", default="")
    p.add_argument("--list", default="bench/gpu/replays.list")
    p.add_argument("--warpsat", default="build/cli/warpsat")
    p.add_argument("--only", default="")
    p.add_argument("--detail", action="store_true")
    a = p.parse_args()
    launches = {}
    for line in open(a.list):
        if line.startswith("#") or not line.strip():
            continue
        name, ptx, launch = line.split()
        if launch.startswith("@gen/"):
            launch = a.gen + "/" + launch[5:]
        launches[name] = (ptx, launch)
    names = [l.strip() for l in open(a.index) if l.strip()]
    rows = defaultdict(list)  # metric label -> [(name, ncu, emulator)]
    for launch_id, name in enumerate(names):
        if a.only and not re.search(a.only, name):
            continue
        ptx, launch = launches[name]
        r = subprocess.run([a.warpsat, "compare-profile", ptx, "--launch", launch, "--profile", a.profile,
                            "--launch-id", str(launch_id), "--format", "json"], capture_output=True, text=True)
        if r.returncode != 0:
            print(f"{name}: compare-profile failed: {r.stderr.strip()[:300]}", file=sys.stderr)
            continue
        for m in json.loads(r.stdout)["metrics"]:
            if m.get("ncu") is None:
                continue
            rows[(m["key"], m["label"], m["ncu_metric"])].append((name, m["ncu"], m["emulator"]))
    print("| metric | ncu name | launches | equal | emulator/ncu where they differ |")
    print("| --- | --- | ---: | ---: | --- |")
    for (key, label, ncu_name), vals in rows.items():
        both_zero = sum(1 for _, n, e in vals if n == 0 and e == 0)
        if both_zero == len(vals):
            continue  # no launch exercised it
        equal = sum(1 for _, n, e in vals if n == e and n != 0)
        ratios = sorted(e / n for _, n, e in vals if n != e and n != 0)
        zero_ncu = sum(1 for _, n, e in vals if n == 0 and e != 0)
        spread = f"{ratios[0]:.3f} to {ratios[-1]:.3f}" if ratios else "-"
        if zero_ncu:
            spread += f"; ncu 0 in {zero_ncu}"
        print(f"| {label} | `{ncu_name}` | {len(vals) - both_zero} | {equal} | {spread} |")
    if a.detail:
        for (key, label, ncu_name), vals in rows.items():
            for name, n, e in vals:
                if n != e:
                    print(f"  {label}: {name}: ncu {n:g}, emulator {e:g}")


main()
