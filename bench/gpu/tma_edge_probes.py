#!/usr/bin/env python3
"""Writes launches whose TMA boxes cross the tensor's edge, with and without
a cluster's multicast, for measuring how Nsight Compute counts their bytes
(docs/gpu-replay.md, "Open: TMA bytes of boxes at the tensor's edge"): the
emulator counts each box whole at each destination, which ncu matched on
every launch but partial tiles under a cluster (0.80-0.94 there).

  bench/gpu/tma_edge_probes.py OUT

OUT gets NAME.toml for each probe and `probes.list` (name, PTX, launch), the
format of bench/gpu/replays.list: tests/files/hopper's cluster multicast
(two CTAs, each multicasting half of a 32 x 16 f32 box) on tensors of
32 x 32 (whole) down to 20 x 32 and 32 x 20, and its TMA round trip (one
16 x 4 u32 box loaded and stored) at offsets that leave rows, columns or
both outside the 16 x 8 tensor.
"""
import os
import sys

HOPPER = "tests/files/hopper"


def main():
    if len(sys.argv) != 2:
        raise SystemExit("usage: bench/gpu/tma_edge_probes.py OUT")
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    lines = []
    multicast = open(f"{HOPPER}/cluster-multicast.toml").read()
    for x, y in ((32, 32), (32, 28), (32, 20), (28, 32), (20, 32), (24, 30)):
        name = f"edge_multicast_{x}x{y}"
        text = multicast.replace("dims = [32, 32]", f"dims = [{x}, {y}]")
        assert text != multicast or (x, y) == (32, 32)
        open(f"{out}/{name}.toml", "w").write(text)
        lines.append(f"{name} {HOPPER}/cluster_multicast.sm_90a.ptx {out}/{name}.toml")
    roundtrip = open(f"{HOPPER}/roundtrip-64B.toml").read()
    for x, y in ((0, 2), (0, 6), (8, 2), (8, 6)):
        name = f"edge_roundtrip_x{x}_y{y}"
        text = roundtrip.replace('# x\nscalar = { type = "s32", value = 0 }', f'# x\nscalar = {{ type = "s32", value = {x} }}')
        text = text.replace('# y\nscalar = { type = "s32", value = 2 }', f'# y\nscalar = {{ type = "s32", value = {y} }}')
        open(f"{out}/{name}.toml", "w").write(text)
        lines.append(f"{name} {HOPPER}/tma_roundtrip.sm_90a.ptx {out}/{name}.toml")
    open(f"{out}/probes.list", "w").write("\n".join(lines) + "\n")


main()
