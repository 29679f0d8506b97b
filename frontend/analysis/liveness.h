// Where each register of a function holds a value that may still be read:
// the span of instruction indices from the first to the last point at which
// it is live or written. Two registers whose spans do not overlap are never
// live at once, so they can share storage (the emulator packs registers
// this way: nvcc's PTX declares thousands of virtual registers, of which a
// few dozen are live at any point).
#pragma once

#include <cstdint>
#include <vector>

#include "frontend/analysis/bit_set.h"
#include "frontend/analysis/cfg.h"
#include "frontend/ptx/ir.h"

namespace warpsat::analysis {

struct LiveSpan {
  uint32_t first = kNone, last = 0;  // instruction indices, inclusive; first == kNone: never read or written
  // Read on some path from the function's entry before any write (a .reg
  // parameter, a value left undefined, a guarded write's old value): its
  // value at entry matters, so it cannot share storage.
  bool live_at_entry = false;
  bool empty() const { return first == kNone; }
};

// The registers an instruction writes and reads, the carry flag left out.
// A guarded write, or a write of one element of a vector register, keeps
// the old value where it does not write: it counts as a read as well.
struct RegisterAccess {
  std::vector<ptx::RegId> defs, uses;
};
std::vector<RegisterAccess> register_accesses(const ptx::Function& f);

// Per block of `cfg`, the registers live at its start and at its end: the
// backward dataflow's fixed point over `access` (register_accesses).
struct BlockLiveness {
  std::vector<BitSet> in, out;
};
BlockLiveness block_liveness(const ptx::Function& f, const Cfg& cfg, const std::vector<RegisterAccess>& access);

// One span per register of `f` (f.registers order).
std::vector<LiveSpan> register_live_spans(const ptx::Function& f, const Cfg& cfg);

}  // namespace warpsat::analysis
