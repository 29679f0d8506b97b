#include "frontend/analysis/reaching_defs.h"

#include <algorithm>

namespace warpsat::analysis {

namespace {

// A fixed-size bit set over definition numbers.
class Bits {
 public:
  explicit Bits(size_t n = 0) : w_((n + 63) / 64, 0) {}
  void set(size_t i) { w_[i / 64] |= uint64_t{1} << (i % 64); }
  void reset(size_t i) { w_[i / 64] &= ~(uint64_t{1} << (i % 64)); }
  bool test(size_t i) const { return (w_[i / 64] >> (i % 64)) & 1; }
  // *this |= other; returns whether anything changed.
  bool merge(const Bits& o) {
    bool changed = false;
    for (size_t k = 0; k < w_.size(); ++k) {
      uint64_t v = w_[k] | o.w_[k];
      changed |= v != w_[k];
      w_[k] = v;
    }
    return changed;
  }

 private:
  std::vector<uint64_t> w_;
};

}  // namespace

ReachingDefs reaching_definitions(const ptx::Function& f, const Cfg& cfg) {
  ReachingDefs r;
  size_t n = f.instructions.size(), nregs = f.registers.size() + 1;  // + the carry flag
  r.def_use.reserve(n);
  for (const auto& ins : f.instructions) r.def_use.push_back(def_use(f, ins));

  // Number the definitions: one per register for the entry value, then one
  // per (instruction, register written).
  struct Def {
    uint32_t instruction;
    RegId reg;
  };
  std::vector<Def> defs;
  std::vector<std::vector<uint32_t>> defs_of(nregs);
  for (RegId reg = 0; reg < nregs; ++reg) {
    defs_of[reg].push_back(static_cast<uint32_t>(defs.size()));
    defs.push_back({kEntryDef, reg});
  }
  std::vector<std::vector<uint32_t>> def_ids(n);
  for (uint32_t i = 0; i < n; ++i)
    for (RegId reg : r.def_use[i].defs) {
      def_ids[i].push_back(static_cast<uint32_t>(defs.size()));
      defs_of[reg].push_back(static_cast<uint32_t>(defs.size()));
      defs.push_back({i, reg});
    }

  // Transfer function of one instruction on a set of reaching definitions.
  auto apply = [&](uint32_t i, Bits& live) {
    const DefUse& du = r.def_use[i];
    for (size_t k = 0; k < du.defs.size(); ++k) {
      if (!du.partial_def)
        for (uint32_t d : defs_of[du.defs[k]]) live.reset(d);
      live.set(def_ids[i][k]);
    }
  };

  size_t nb = cfg.blocks.size(), nd = defs.size();
  std::vector<Bits> in(nb, Bits(nd)), out(nb, Bits(nd));
  for (RegId reg = 0; reg < nregs; ++reg) in[0].set(reg);  // entry values reach the entry
  // Iterate to a fixed point in block order (forward problem).
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t b = 0; b < nb; ++b) {
      if (!cfg.reachable[b]) continue;
      Bits now = in[b];
      for (uint32_t p : cfg.blocks[b].preds) now.merge(out[p]);
      in[b] = now;
      for (uint32_t i = cfg.blocks[b].first; i < cfg.blocks[b].end; ++i) apply(i, now);
      changed |= out[b].merge(now);
    }
  }

  r.uses.resize(n);
  r.users.resize(n);
  for (uint32_t b = 0; b < nb; ++b) {
    if (!cfg.reachable[b]) continue;
    Bits live = in[b];
    for (uint32_t i = cfg.blocks[b].first; i < cfg.blocks[b].end; ++i) {
      for (RegId reg : r.def_use[i].uses) {
        if (std::any_of(r.uses[i].begin(), r.uses[i].end(), [&](const UseDefs& u) { return u.reg == reg; })) continue;
        UseDefs u{reg, {}};
        for (uint32_t d : defs_of[reg])
          if (live.test(d)) {
            u.defs.push_back(defs[d].instruction);
            if (defs[d].instruction != kEntryDef) r.users[defs[d].instruction].push_back(i);
          }
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
