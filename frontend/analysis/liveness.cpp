#include "frontend/analysis/liveness.h"

#include <algorithm>

#include "frontend/analysis/def_use.h"

namespace warpsat::analysis {

namespace {

// A set of registers as a bit vector.
class RegisterSet {
 public:
  explicit RegisterSet(size_t n = 0) : words_((n + 63) / 64, 0) {}
  void add(RegId r) { words_[r / 64] |= uint64_t{1} << (r % 64); }
  void remove(RegId r) { words_[r / 64] &= ~(uint64_t{1} << (r % 64)); }
  bool contains(RegId r) const { return words_[r / 64] >> (r % 64) & 1; }
  // this = this ∪ (other − minus); returns whether this grew.
  bool add_all_but(const RegisterSet& other, const RegisterSet* minus) {
    bool grew = false;
    for (size_t w = 0; w < words_.size(); ++w) {
      uint64_t add = other.words_[w] & ~(minus ? minus->words_[w] : 0) & ~words_[w];
      grew |= add != 0;
      words_[w] |= add;
    }
    return grew;
  }
  template <typename F>
  void for_each(F&& f) const {
    for (size_t w = 0; w < words_.size(); ++w)
      for (uint64_t bits = words_[w]; bits; bits &= bits - 1)
        f(static_cast<RegId>(w * 64 + static_cast<size_t>(__builtin_ctzll(bits))));
  }

 private:
  std::vector<uint64_t> words_;
};

// The registers an instruction reads and writes, the carry flag left out. A
// write that may keep the old value (guarded, or one element of a vector
// register) reads it too.
struct Access {
  std::vector<RegId> defs, uses;
};

Access access_of(const ptx::Function& f, const ptx::Instruction& ins) {
  DefUse du = def_use(f, ins);
  Access a;
  size_t n = f.registers.size();
  for (RegId r : du.defs)
    if (r < n) a.defs.push_back(r);
  for (RegId r : du.uses)
    if (r < n) a.uses.push_back(r);
  if (du.partial_def) a.uses.insert(a.uses.end(), a.defs.begin(), a.defs.end());
  return a;
}

}  // namespace

std::vector<LiveSpan> register_live_spans(const ptx::Function& f, const Cfg& cfg) {
  const size_t n = f.registers.size();
  std::vector<LiveSpan> spans(n);
  if (cfg.blocks.empty()) return spans;
  std::vector<Access> access;
  access.reserve(f.instructions.size());
  for (const ptx::Instruction& ins : f.instructions) access.push_back(access_of(f, ins));

  // Per block: what it reads before writing (gen) and what it writes (kill).
  const size_t nb = cfg.blocks.size();
  std::vector<RegisterSet> gen(nb, RegisterSet(n)), kill(nb, RegisterSet(n)), in(nb, RegisterSet(n)),
      out(nb, RegisterSet(n));
  for (size_t b = 0; b < nb; ++b)
    for (uint32_t i = cfg.blocks[b].end; i-- > cfg.blocks[b].first;) {
      for (RegId r : access[i].defs) gen[b].remove(r), kill[b].add(r);
      for (RegId r : access[i].uses) gen[b].add(r);
    }
  // Backward dataflow to a fixed point: in = gen ∪ (out − kill).
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t b = nb; b-- > 0;) {
      for (uint32_t s : cfg.blocks[b].succs)
        if (s < nb) out[b].add_all_but(in[s], nullptr);
      changed |= in[b].add_all_but(gen[b], nullptr);
      changed |= in[b].add_all_but(out[b], &kill[b]);
    }
  }

  auto extend = [&](RegId r, uint32_t i) {
    LiveSpan& s = spans[r];
    s.first = s.empty() ? i : std::min(s.first, i);
    s.last = std::max(s.last, i);
  };
  // Every instruction where a register is live on entry, or written.
  for (size_t b = 0; b < nb; ++b) {
    RegisterSet live = out[b];
    for (uint32_t i = cfg.blocks[b].end; i-- > cfg.blocks[b].first;) {
      for (RegId r : access[i].defs) extend(r, i), live.remove(r);
      for (RegId r : access[i].uses) live.add(r);
      live.for_each([&](RegId r) { extend(r, i); });
    }
  }
  in[0].for_each([&](RegId r) { spans[r].live_at_entry = true; });
  return spans;
}

}  // namespace warpsat::analysis
