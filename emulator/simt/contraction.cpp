// ptxas's floating-point contraction: a mul.f32 and an add.f32 or sub.f32
// without rounding modifiers may become one FFMA (the PTX ISA allows it for
// instructions that name no rounding), and ptxas does it. An NVIDIA H200
// showed the rule on a probe of ten patterns (docs/gpu-replay.md): every
// unrounded add/sub in the mul's own block that reads the product is fused
// (all of them, when two do), and none is when the product has any other
// reader, is read in another block, or either instruction says .rn.
// The emulator reproduces it so that results match the GPU bit for bit;
// the mul still runs (its product is dead but for the fused adds).
#include <vector>

#include "emulator/simt/decode.h"
#include "frontend/analysis/def_use.h"

namespace warpsat::simt {

namespace {

bool contains(const std::vector<ptx::RegId>& v, ptx::RegId r) {
  for (ptx::RegId x : v)
    if (x == r) return true;
  return false;
}

unsigned count(const std::vector<ptx::RegId>& v, ptx::RegId r) {
  unsigned n = 0;
  for (ptx::RegId x : v) n += x == r;
  return n;
}

}  // namespace

void contract_mul_add(const ptx::Function& f, const analysis::Cfg& cfg, FunctionCode& code) {
  const size_t n = f.instructions.size();
  std::vector<analysis::DefUse> du(n);
  bool any_mul = false;
  for (size_t i = 0; i < n && !any_mul; ++i) any_mul = is_contractible_mul(code.ops[i]);
  if (!any_mul) return;
  // Per register, the instructions that read it (def_use lists a register
  // once per operand: instructions are counted, not operands).
  std::vector<unsigned> readers(f.registers.size() + 1, 0);
  for (size_t i = 0; i < n; ++i) {
    du[i] = analysis::def_use(f, f.instructions[i]);
    std::vector<ptx::RegId> seen;
    for (ptx::RegId r : du[i].uses)
      if (r < readers.size() && !contains(seen, r)) seen.push_back(r), readers[r] += 1;
  }
  for (size_t p = 0; p < n; ++p) {
    const Op& mul = code.ops[p];
    if (!is_contractible_mul(mul) || f.instructions[p].has_guard || du[p].defs.size() != 1 || du[p].partial_def) continue;
    const ptx::RegId product = du[p].defs[0];
    if (contains(du[p].uses, product)) continue;  // mul %f, %f, %g: the product overwrites a source
    const uint32_t end = cfg.blocks[cfg.block_of[p]].end;
    std::vector<size_t> adds;
    bool ok = true, killed = false, sources_written = false;
    unsigned reads = 0;
    for (size_t q = p + 1; q < end && ok; ++q) {
      const analysis::DefUse& d = du[q];
      if (contains(d.uses, product)) {
        ++reads;
        const Op& add = code.ops[q];
        ok = !sources_written && is_contractible_add(add, mul) && !f.instructions[q].has_guard &&
             count(d.uses, product) == 1;
        if (ok) adds.push_back(q);
      }
      if (contains(d.defs, product)) {
        killed = !d.partial_def;
        if (!killed) ok = false;
        break;
      }
      // The fused add reads the mul's sources where it runs: neither those
      // registers nor their slots (registers share slots where their live
      // spans do not overlap) may change in between.
      for (ptx::RegId s : du[p].uses) sources_written = sources_written || contains(d.defs, s);
      for (Slot w : code.ops[q].dst)
        sources_written = sources_written || w == mul.src[0] || w == mul.src[1];
      sources_written = sources_written || code.ops[q].control != Control::None;
    }
    // A product the block does not overwrite may be read after it: only
    // when these are all its readers is it dead there.
    if (!ok || adds.empty() || (!killed && reads != readers[product])) continue;
    for (size_t q : adds) {
      const bool product_first = code.ops[q].src[0] == mul.dst[0];
      contract_into(code.ops[q], mul, product_first);
    }
  }
}

}  // namespace warpsat::simt
