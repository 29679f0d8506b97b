#include "frontend/analysis/liveness.h"

#include <algorithm>

#include "frontend/analysis/def_use.h"

namespace warpsat::analysis {

std::vector<RegisterAccess> register_accesses(const ptx::Function& f) {
  std::vector<RegisterAccess> access;
  access.reserve(f.instructions.size());
  const size_t n = f.registers.size();
  for (const ptx::Instruction& ins : f.instructions) {
    DefUse du = def_use(f, ins);
    RegisterAccess& a = access.emplace_back();
    for (RegId r : du.defs)
      if (r < n) a.defs.push_back(r);
    for (RegId r : du.uses)
      if (r < n) a.uses.push_back(r);
    if (du.partial_def) a.uses.insert(a.uses.end(), a.defs.begin(), a.defs.end());
  }
  return access;
}

BlockLiveness block_liveness(const ptx::Function& f, const Cfg& cfg, const std::vector<RegisterAccess>& access) {
  const size_t n = f.registers.size(), nb = cfg.blocks.size();
  // Per block: what it reads before writing (gen) and what it writes (kill).
  std::vector<BitSet> gen(nb, BitSet(n)), kill(nb, BitSet(n));
  BlockLiveness l{std::vector<BitSet>(nb, BitSet(n)), std::vector<BitSet>(nb, BitSet(n))};
  for (size_t b = 0; b < nb; ++b)
    for (uint32_t i = cfg.blocks[b].end; i-- > cfg.blocks[b].first;) {
      for (RegId r : access[i].defs) gen[b].reset(r), kill[b].set(r);
      for (RegId r : access[i].uses) gen[b].set(r);
    }
  // Backward dataflow to a fixed point: in = gen ∪ (out − kill).
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t b = nb; b-- > 0;) {
      for (uint32_t s : cfg.blocks[b].succs)
        if (s < nb) l.out[b].merge(l.in[s]);
      changed |= l.in[b].merge(gen[b]);
      changed |= l.in[b].merge(l.out[b], &kill[b]);
    }
  }
  return l;
}

std::vector<LiveSpan> register_live_spans(const ptx::Function& f, const Cfg& cfg) {
  const size_t n = f.registers.size();
  std::vector<LiveSpan> spans(n);
  if (cfg.blocks.empty()) return spans;
  const std::vector<RegisterAccess> access = register_accesses(f);
  const BlockLiveness l = block_liveness(f, cfg, access);
  const std::vector<BitSet>& out = l.out;
  const size_t nb = cfg.blocks.size();

  auto extend = [&](RegId r, uint32_t i) {
    LiveSpan& s = spans[r];
    s.first = s.empty() ? i : std::min(s.first, i);
    s.last = std::max(s.last, i);
  };
  // Every instruction where a register is live on entry, or written. Only
  // the ends of each stretch where it is live matter for the span: the
  // block's last instruction (live out), a use where it becomes live going
  // backward, a write, the block's first instruction (live in). Visiting
  // every live register at every instruction instead took a tenth of a
  // CUTLASS GEMM's emulation (thousands of registers, 60,000 instructions).
  for (size_t b = 0; b < nb; ++b) {
    const uint32_t first = cfg.blocks[b].first, end = cfg.blocks[b].end;
    if (first >= end) continue;
    BitSet live = out[b];
    live.for_each_set([&](size_t r) { extend(static_cast<RegId>(r), end - 1); });
    for (uint32_t i = end; i-- > first;) {
      for (RegId r : access[i].defs) extend(r, i), live.reset(r);
      for (RegId r : access[i].uses)
        if (!live.test(r)) extend(r, i), live.set(r);
    }
    live.for_each_set([&](size_t r) { extend(static_cast<RegId>(r), first); });
  }
  l.in[0].for_each_set([&](size_t r) { spans[r].live_at_entry = true; });
  return spans;
}

}  // namespace warpsat::analysis
