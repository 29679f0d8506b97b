#include "frontend/analysis/reaching_defs.h"

#include <algorithm>

#include <fmt/format.h>

#include "frontend/analysis/bit_set.h"
#include "frontend/diagnostics.h"

namespace warpsat::analysis {

namespace {
using Bits = BitSet;  // over definition numbers
}  // namespace

ReachingDefs reaching_definitions(const ptx::Function& f, const Cfg& cfg, const std::string& source) {
  ReachingDefs r;
  size_t n = f.instructions.size(), nregs = f.registers.size() + 1;  // + the carry flag
  r.def_use.reserve(n);
  for (const auto& ins : f.instructions) r.def_use.push_back(def_use(f, ins));

  // Number the definitions register by register: a register's entry value,
  // then its writes in instruction order. Killing a register, or reading
  // which of its definitions reach a use, then touches one range of bits a
  // word at a time; bit by bit over every earlier write, a function of 10^5
  // writes to one register took seconds (issue 13).
  struct Def {
    uint32_t instruction;
    RegId reg;
  };
  std::vector<uint32_t> first(nregs + 1, 0);  // register -> its first definition number
  for (RegId reg = 0; reg < nregs; ++reg) first[reg + 1] = 1;
  for (uint32_t i = 0; i < n; ++i)
    for (RegId reg : r.def_use[i].defs) ++first[reg + 1];
  for (RegId reg = 0; reg < nregs; ++reg) first[reg + 1] += first[reg];
  std::vector<Def> defs(first[nregs]);
  std::vector<uint32_t> next(first.begin(), first.end() - 1);
  for (RegId reg = 0; reg < nregs; ++reg) defs[next[reg]++] = {kEntryDef, reg};
  std::vector<std::vector<uint32_t>> def_ids(n);
  for (uint32_t i = 0; i < n; ++i)
    for (RegId reg : r.def_use[i].defs) {
      def_ids[i].push_back(next[reg]);
      defs[next[reg]++] = {i, reg};
    }

  // Transfer function of one instruction on a set of reaching definitions.
  auto apply = [&](uint32_t i, Bits& live) {
    const DefUse& du = r.def_use[i];
    for (size_t k = 0; k < du.defs.size(); ++k) {
      if (!du.partial_def) live.reset_range(first[du.defs[k]], first[du.defs[k] + 1]);
      live.set(def_ids[i][k]);
    }
  };

  // One set per block, of the definitions live at its end; a block's entry
  // set is the union of its predecessors' (the entry values at block 0).
  size_t nb = cfg.blocks.size(), nd = defs.size();
  uint64_t set_bytes = (uint64_t{nd} + 63) / 64 * 8;
  if (set_bytes * nb > kMaxReachingDefsBytes)
    throw InputError({source, f.pos.line, f.pos.column},
                     fmt::format("'{}' has {} basic blocks and {} register definitions: their reaching definitions "
                                 "need {} MiB, over the limit of {} MiB",
                                 f.name, nb, nd, (set_bytes * nb) >> 20, kMaxReachingDefsBytes >> 20));
  Bits entry(nd);
  for (RegId reg = 0; reg < nregs; ++reg) entry.set(first[reg]);  // entry values reach the entry
  std::vector<Bits> out(nb, Bits(nd));
  auto live_in = [&](uint32_t b) {
    Bits now = b == 0 ? entry : Bits(nd);
    for (uint32_t p : cfg.blocks[b].preds) now.merge(out[p]);
    return now;
  };
  // Iterate to a fixed point in block order (forward problem).
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t b = 0; b < nb; ++b) {
      if (!cfg.reachable[b]) continue;
      Bits now = live_in(b);
      for (uint32_t i = cfg.blocks[b].first; i < cfg.blocks[b].end; ++i) apply(i, now);
      changed |= out[b].merge(now);
    }
  }

  r.uses.resize(n);
  r.users.resize(n);
  for (uint32_t b = 0; b < nb; ++b) {
    if (!cfg.reachable[b]) continue;
    Bits live = live_in(b);
    for (uint32_t i = cfg.blocks[b].first; i < cfg.blocks[b].end; ++i) {
      for (RegId reg : r.def_use[i].uses) {
        if (std::any_of(r.uses[i].begin(), r.uses[i].end(), [&](const UseDefs& u) { return u.reg == reg; })) continue;
        UseDefs u{reg, {}};
        live.for_each_set(first[reg], first[reg + 1], [&](size_t d) {
          u.defs.push_back(defs[d].instruction);
          if (defs[d].instruction != kEntryDef) r.users[defs[d].instruction].push_back(i);
        });
        std::sort(u.defs.begin(), u.defs.end());
        r.uses[i].push_back(std::move(u));
      }
      apply(i, live);
    }
  }
  for (auto& us : r.users) {
    std::sort(us.begin(), us.end());
    us.erase(std::unique(us.begin(), us.end()), us.end());
  }
  return r;
}

}  // namespace warpsat::analysis
