#!/usr/bin/env python3
"""Writes the launches that measure how Hopper's tensor cores add FP8
products (docs/gpu-replay.md, "FP8"): random e4m3 or e5m2 operands for
mma.sync (one m16n8k32 per warp, random f32 C of wide range) and for the
wgmma GEMM of tests/files/wgmma made FP8 (its bytes read as e4m3/e5m2: a
K of k f16 elements is 2k FP8 ones, four wgmma k32 steps per 64).

  bench/gpu/fp8_probes.py OUT [--seed 7]

OUT gets NAME.toml and its .bin inputs for each probe, and `probes.list`
(name, PTX, launch), the format of bench/gpu/replays.list.
"""
import argparse
import os
import random
import struct

PROBES = "tests/files/tensor-cores/probes"


def fp8_code(kind, rng):
    # Every finite code, NaNs and infinities left out (the model's fallback
    # for those is the exact sum, which is not what is measured here).
    while True:
        v = rng.randrange(256)
        if kind == "e4m3" and v & 0x7F == 0x7F:
            continue
        if kind == "e5m2" and v & 0x7C == 0x7C:
            continue
        return v


def wide_f32(rng, lo, hi):
    # A random sign, a random 24-bit significand and an exponent uniform in
    # [lo, hi]: the accumulator above, among and below the products.
    m = 1.0 + rng.getrandbits(23) / float(1 << 23)
    return struct.pack("<f", (-1) ** rng.getrandbits(1) * m * 2.0 ** rng.randint(lo, hi))


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def mma_probe(out, kind, blocks, rng, lines):
    name = f"mma_{kind}"
    threads = blocks * 128
    write(f"{out}/{name}.a.bin", bytes(fp8_code(kind, rng) for _ in range(threads * 16)))
    write(f"{out}/{name}.b.bin", bytes(fp8_code(kind, rng) for _ in range(threads * 8)))
    # e4m3 products reach 2^17, e5m2's 2^31; below 2^-18 a C is under every cut.
    hi = 17 if kind == "e4m3" else 31
    write(f"{out}/{name}.c.bin", b"".join(wide_f32(rng, -20, hi) for _ in range(threads * 4)))
    with open(f"{out}/{name}.toml", "w") as f:
        f.write(f"""# bench/gpu/fp8_probes.py: one mma.sync m16n8k32 {kind} per warp, random finite codes,
# random f32 C of exponents -20..{hi}.
kernel = "{name}"
grid = [{blocks}, 1, 1]
block = [128, 1, 1]
[[param]]
buffer = {{ type = "u32", file = "{name}.a.bin" }}
[[param]]
buffer = {{ type = "u32", file = "{name}.b.bin" }}
[[param]]
buffer = {{ type = "f32", file = "{name}.c.bin" }}
[[param]]
buffer = {{ type = "f32", count = {threads * 4}, fill = 0 }}
""")
    lines.append(f"{name} {PROBES}/{name}.ptx {out}/{name}.toml")


def wgmma_probe(out, kind, k_halves, rng, lines):
    name = f"wgmma_{kind}_k{2 * k_halves}"
    m = n = 256
    write(f"{out}/{name}.a.bin", bytes(fp8_code(kind, rng) for _ in range(m * k_halves * 2)))
    write(f"{out}/{name}.b.bin", bytes(fp8_code(kind, rng) for _ in range(n * k_halves * 2)))
    with open(f"{out}/{name}.toml", "w") as f:
        f.write(f"""# bench/gpu/fp8_probes.py: C = A B^T, 256 x 256 x {2 * k_halves} {kind} ({k_halves // 16} wgmma k32 steps
# per output), random finite codes; C32 holds the f32 accumulators.
kernel = "_ZN10wgmma_gemm4gemmEPK6__halfS2_PfPS0_S4_iii"
grid = [2, 4, 1]
block = [128, 1, 1]
dynamic_shared_bytes = 50176
[[param]]   # A, 256 x {2 * k_halves} {kind}
buffer = {{ type = "b16", file = "{name}.a.bin" }}
[[param]]   # B, 256 x {2 * k_halves} {kind} (N x K)
buffer = {{ type = "b16", file = "{name}.b.bin" }}
[[param]]   # C32
buffer = {{ type = "f32", count = {m * n}, fill = 0 }}
[[param]]   # C16
buffer = {{ type = "f16", count = {m * n}, fill = 0 }}
[[param]]   # C16T
buffer = {{ type = "f16", count = {m * n}, fill = 0 }}
[[param]]   # M
scalar = {{ type = "s32", value = {m} }}
[[param]]   # N
scalar = {{ type = "s32", value = {n} }}
[[param]]   # K, in f16 elements: the kernel moves bytes
scalar = {{ type = "s32", value = {k_halves} }}
""")
    lines.append(f"{name} {PROBES}/wgmma_gemm_{kind}.sm_90a.ptx {out}/{name}.toml")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("--seed", type=int, default=7)
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    rng = random.Random(a.seed)
    lines = []
    for kind in ("e4m3", "e5m2"):
        mma_probe(a.out, kind, 256, rng, lines)
        for k_halves in (64, 1024):
            wgmma_probe(a.out, kind, k_halves, rng, lines)
    with open(f"{a.out}/probes.list", "w") as f:
        f.write("\n".join(lines) + "\n")


main()
