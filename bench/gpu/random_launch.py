#!/usr/bin/env python3
"""Writes a copy of a launch file whose input buffers hold random values of
their whole type's precision (not the small integers CUTLASS's launch files
use so that every sum is exact), for replays that test the emulator's
floating-point arithmetic against a GPU's (docs/gpu-replay.md).

  bench/gpu/random_launch.py IN.toml OUT.toml --buffers A,B,C [--e5m2 B] [--seed 1]

f32 and f16 values are uniform in [-1, 1) rounded to the type; u8 buffers
(FP8 data) get random finite codes: e4m3 (not the NaNs 0x7f and 0xff), or
e5m2 for those --e5m2 names (not the infinities and NaNs, exponent 11111).
"""
import argparse
import random
import re
import struct


def values(type_name, count, rng, e5m2=False):
    if type_name == "f32":
        return ["%.9g" % struct.unpack("<f", struct.pack("<f", rng.uniform(-1, 1)))[0] for _ in range(count)]
    if type_name == "f16":
        return [repr(struct.unpack("<e", struct.pack("<e", rng.uniform(-1, 1)))[0]) for _ in range(count)]
    if type_name == "u8":
        out = []
        while len(out) < count:
            v = rng.randrange(256)
            if (v & 0x7C) != 0x7C if e5m2 else v not in (0x7F, 0xFF):
                out.append(str(v))
        return out
    raise SystemExit(f"random_launch.py: no random values for type {type_name}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("input")
    p.add_argument("output")
    p.add_argument("--buffers", required=True)
    p.add_argument("--e5m2", default="")
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    wanted = set(a.buffers.split(","))
    e5m2 = set(a.e5m2.split(",")) - {""}
    rng = random.Random(a.seed)
    text = open(a.input).read()
    # A [[buffer]] table: name, type, then `values = [ ... ]` up to the closing bracket.
    pattern = re.compile(r'(\[\[buffer\]\]\s*\nname = "([^"]+)"\s*\ntype = "([^"]+)"\s*\n)values = \[[^\]]*\]', re.S)

    def replace(m):
        name, type_name = m.group(2), m.group(3)
        if name not in wanted:
            return m.group(0)
        count = len([v for v in re.sub(r"^.*?values = \[", "", m.group(0), flags=re.S).rstrip("]").split(",") if v.strip()])
        wanted.discard(name)
        vals = values(type_name, count, rng, name in e5m2)
        lines = [",".join(vals[i:i + 16]) for i in range(0, len(vals), 16)]
        return m.group(1) + "values = [\n  " + ",\n  ".join(lines) + "]"

    text = pattern.sub(replace, text)
    if wanted:
        raise SystemExit(f"random_launch.py: no [[buffer]] with values named {', '.join(sorted(wanted))}")
    e5 = f" --e5m2 {a.e5m2}" if a.e5m2 else ""
    header = f"# Random-valued copy of {a.input} (bench/gpu/random_launch.py --buffers {a.buffers}{e5} --seed {a.seed}).\n"
    open(a.output, "w").write(header + text)


main()
