"""Writes a large, valid PTX kernel of one shape for the hostile-input tests.

usage: make_ptx.py SHAPE N
  labels  N labels and one branch
  vector  a vector operand of N registers
  loops   N one-instruction loops, each its own basic block
  writes  N additions into 100 registers, one basic block
  blocks  N loops each writing its own register (N blocks x N definitions)
"""
import sys

shape, n = sys.argv[1], int(sys.argv[2])
out = [".version 7.0", ".target sm_80", ".address_size 64", ".visible .entry k()", "{"]
if shape == "labels":
    out += [f"L{i}:" for i in range(n)] + ["  bra.uni L0;"]
elif shape == "vector":
    out += [f"  .reg .b32 %r<{n + 1}>;", "  mov.b32 {" + ",".join(f"%r{i}" for i in range(n)) + "}, %r1;"]
elif shape == "loops":
    out += ["  .reg .b32 %r<2>;", "  .reg .pred %p;"]
    for i in range(n):
        out += [f"L{i}:", "  add.u32 %r1, %r1, 1;", f"  @%p bra L{i};"]
elif shape == "writes":
    out += ["  .reg .b32 %r<102>;"]
    out += [f"  add.u32 %r{i % 100 + 1}, %r{(i + 1) % 100 + 1}, {i};" for i in range(n)]
elif shape == "blocks":
    out += [f"  .reg .b32 %r<{n}>;", "  .reg .pred %p;"]
    for i in range(n):
        out += [f"L{i}:", f"  mov.u32 %r{i}, {i};", f"  @%p bra L{i};"]
else:
    sys.exit(f"unknown shape {shape}")
out += ["  ret;", "}"]
print("\n".join(out))
