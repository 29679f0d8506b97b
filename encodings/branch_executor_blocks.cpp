// Blocks run for every tracked thread at once: the states of the paths
// that meet merged, each instruction applied under its guard, the branch
// at a block's end splitting the path condition; whole-warp mode's
// shuffles and reductions (warp_reduction.h); the branch occurrences
// recorded.
#include "encodings/branch_executor.h"

#include <algorithm>
#include <functional>

#include "encodings/term_fingerprint.h"

namespace warpsat::branch_detail {

using ptx::Opcode;
using ptx::Operand;
using ptx::RegId;

namespace {

// Guards of at least this many nodes (as a tree) are conjoined to the
// path condition unsimplified (conjoin).
constexpr uint64_t kSimplifyBelowNodes = 4096;

}  // namespace

// ---- merging ----
PairState Executor::merge(std::vector<PairState>& in) {
  if (in.size() == 1) return std::move(in[0]);
  PairState out{std::vector<ThreadState>(n_, ThreadState{c_.bool_val(false), {}, {}}), in[0].beyond};
  for (int t = 0; t < static_cast<int>(n_); ++t) {
    std::set<RegId> regs;
    for (auto& s : in)
      for (auto& [r, v] : s.t[static_cast<size_t>(t)].regs) regs.insert(r);
    out.t[static_cast<size_t>(t)].pc = any_path(in, static_cast<size_t>(t));
    for (auto& [r, tag] : in[0].t[static_cast<size_t>(t)].tags) {
      bool everywhere = true;
      for (auto& s : in) {
        auto it = s.t[static_cast<size_t>(t)].tags.find(r);
        everywhere = everywhere && it != s.t[static_cast<size_t>(t)].tags.end() && same_tag(it->second, tag);
      }
      if (everywhere) out.t[static_cast<size_t>(t)].tags.emplace(r, tag);
    }
    for (RegId r : regs) {
      // The value from the last incoming path whose pc holds.
      std::optional<z3::expr> v;
      for (auto& s : in) {
        auto& m = s.t[static_cast<size_t>(t)].regs;
        auto it = m.find(r);
        z3::expr here = it != m.end() ? it->second : entry_value_cached(t, r);
        // The same term on both sides needs no ite (most registers are).
        v = !v ? here : z3::eq(here, *v) ? here : z3::ite(s.t[static_cast<size_t>(t)].pc, here, *v);
      }
      out.t[static_cast<size_t>(t)].regs.emplace(r, *v);
    }
  }
  return out;
}

// The disjunction of the incoming path conditions, simplified only by
// dropping false ones and stopping at a true one: Z3's simplifier on every
// join of an unrolled loop nest costs more than all the queries.
z3::expr Executor::any_path(const std::vector<PairState>& in, size_t t) {
  z3::expr_vector live(c_);
  for (const PairState& s : in) {
    const z3::expr& pc = s.t[t].pc;
    if (pc.is_true()) return pc;
    bool seen = false;
    for (unsigned k = 0; k < live.size() && !seen; ++k) seen = z3::eq(live[k], pc);
    if (!pc.is_false() && !seen) live.push_back(pc);
  }
  if (live.empty()) return c_.bool_val(false);
  return live.size() == 1 ? live[0] : z3::mk_or(live);
}

// The size of `e` as a tree (a shared subterm counted at each use), up
// to kSimplifyBelowNodes: each node's size is kept for the whole
// encoding, so that each node is looked at once. (An id Z3 reuses for a
// new term after freeing the old one may get the old term's size: that
// decides only whether a guard is simplified, never what it means.)
uint64_t Executor::tree_size(const z3::expr& e) {
  smt::post_order(
      e, [&](const z3::expr& x) { return tree_sizes_.count(x.id()) != 0; },
      [&](const z3::expr& x) {
        uint64_t sum = 1;
        if (x.is_app())
          for (unsigned k = 0; k < x.num_args(); ++k)
            sum = std::min(sum + tree_sizes_.at(x.arg(k).id()), kSimplifyBelowNodes);
        tree_sizes_.emplace(x.id(), sum);
        return true;
      });
  return tree_sizes_.at(e.id());
}

// pc ∧ cond, simplified only where one side is a constant or the guard is
// decided by constants: Z3's simplifier would walk the whole path condition
// again at every branch, quadratic in the length of an unrolled path. A
// guard is simplified only while small: Z3's simplifier keeps nothing
// from one call to the next, so each guard over a large value (a
// histogram's bin, computed from loaded samples through the unrolled
// tile) walks that value again. On the held-out CUB module's
// privatized histogram sweep, 3,900 such calls took 12.9 s of its 14 s
// of encoding, and every guard they decided had fewer than 50 nodes.
z3::expr Executor::conjoin(const z3::expr& pc, const z3::expr& cond) {
  bool small = cond.is_app() && cond.num_args() <= 2 && tree_size(cond) < kSimplifyBelowNodes;
  z3::expr k = small ? cond.simplify() : cond;
  if (k.is_true() || pc.is_false()) return pc;
  if (k.is_false()) return k;
  if (pc.is_true()) return k;
  return pc && k;
}

z3::expr Executor::entry_value_cached(int t, RegId r) {
  auto key = std::pair{t, r};
  auto it = entries_.find(key);
  if (it != entries_.end()) return it->second;
  z3::expr v = entry_value(t, r);
  entries_.emplace(key, v);
  return v;
}

// ---- blocks ----
z3::expr Executor::guard(int t, const ptx::Instruction& ins) {
  z3::expr g = is_true(reg(t, ins.guard.reg).extract(0, 0));
  return ins.guard.negated ? !g : g;
}

void Executor::execute(std::vector<ThreadState>& st, const ptx::Instruction& ins) {
  current_ = &st;
  current_instruction_ = static_cast<uint32_t>(&ins - f_.instructions.data());
  ++step_;
  std::optional<ReductionStep> reduction;
  if (o_.whole_warp) reduction = before_warp_step(st, ins);
  for (int t = 0; t < static_cast<int>(n_); ++t) {
    if (!ins.has_guard) {
      apply_instruction(*this, t, ins);
      continue;
    }
    z3::expr g = guard(t, ins);
    std::map<RegId, z3::expr> before = st[static_cast<size_t>(t)].regs;
    apply_instruction(*this, t, ins);
    for (auto& [r, v] : st[static_cast<size_t>(t)].regs) {
      auto it = before.find(r);
      z3::expr old = it != before.end() ? it->second : entry_value_cached(t, r);
      if (!z3::eq(old, v)) v = z3::ite(g, v, old);
    }
  }
  if (o_.whole_warp) after_warp_step(st, ins, reduction);
}

// ---- whole-warp mode: shuffles and reductions (warp_reduction.h) ----
std::optional<ReductionTag> Executor::tag_of(const ThreadState& s, const Operand& o) const {
  if (o.kind != Operand::Kind::Register) return std::nullopt;
  auto it = s.tags.find(o.reg);
  if (it == s.tags.end()) return std::nullopt;
  return it->second;
}

std::optional<Executor::ReductionStep> Executor::before_warp_step(std::vector<ThreadState>& st,
                                                                 const ptx::Instruction& ins) {
  if (ins.op == Opcode::Shfl) {
    // Every lane's source value before any lane writes its destination.
    shfl_sources_.clear();
    shfl_active_.clear();
    shfl_lane_.assign(n_, -1);
    ReductionStep r;
    for (int t = 0; t < static_cast<int>(n_); ++t) {
      const ThreadState& s = st[static_cast<size_t>(t)];
      shfl_sources_.push_back(Sem32(t, ins.operands.at(1)));
      shfl_active_.push_back(ins.has_guard ? s.pc && guard(t, ins) : s.pc);
      r.tags[0].push_back(tag_of(s, ins.operands.at(1)));
    }
    return r;
  }
  std::optional<std::string> op = WarpReductions::reduction_op(ins);
  if (!op) return std::nullopt;
  ReductionStep r{*op, {}, {}};
  for (int t = 0; t < static_cast<int>(n_); ++t)
    for (int k = 0; k < 2; ++k) {
      const Operand& o = ins.operands.at(static_cast<size_t>(k) + 1);
      r.tags[k].push_back(tag_of(st[static_cast<size_t>(t)], o));
      r.values[k].push_back(reg(t, o.reg));
    }
  return r;
}

void Executor::after_warp_step(std::vector<ThreadState>& st, const ptx::Instruction& ins,
                               const std::optional<ReductionStep>& r) {
  uint32_t index = static_cast<uint32_t>(&ins - f_.instructions.data());
  for (ThreadState& s : st)
    for (RegId d : a_.defs.def_use[index].defs) s.tags.erase(d);
  if (!r || ins.has_guard || ins.operands.empty()) return;
  const Operand& dst = ins.operands[0].kind == Operand::Kind::Pair ? ins.operands[0].elements.at(0) : ins.operands[0];
  if (dst.kind != Operand::Kind::Register || register_bits(f_, dst.reg) != 32) return;
  if (ins.op == Opcode::Shfl) {
    // The destination carries the source lane's tag, or that lane's input.
    std::optional<size_t> family;
    z3::expr_vector whole(c_);
    for (const z3::expr& a : shfl_active_) whole.push_back(a);
    size_t step = reductions_.add_step(z3::mk_and(whole));
    for (size_t t = 0; t < n_; ++t) {
      int k = shfl_lane_[t];
      if (k < 0) continue;
      ReductionTag tag = r->tags[0][static_cast<size_t>(k)] ? *r->tags[0][static_cast<size_t>(k)] : [&] {
        if (!family) family = reductions_.add_family(shfl_sources_);
        return ReductionTag{*family, "", uint32_t{1} << k, {}};
      }();
      tag.steps.insert(std::upper_bound(tag.steps.begin(), tag.steps.end(), step), step);
      st[t].tags.insert_or_assign(dst.reg, tag);
    }
    return;
  }
  for (size_t t = 0; t < n_; ++t) {
    std::optional<ReductionTag> a = r->tags[0][t], b = r->tags[1][t];
    // An untagged operand may be this lane's own input of the other's family.
    auto own_input = [&](const std::optional<ReductionTag>& other, const z3::expr& v) -> std::optional<ReductionTag> {
      if (!other || !z3::eq(reductions_.family(other->family)[t], v)) return std::nullopt;
      return ReductionTag{other->family, "", uint32_t{1} << t, {}};
    };
    if (!a) a = own_input(b, r->values[0][t]);
    if (!b) b = own_input(a, r->values[1][t]);
    if (!a || !b) continue;
    std::optional<ReductionTag> tag = reductions_.combine(r->op, *a, *b);
    if (!tag) continue;
    z3::expr built = st[t].regs.at(dst.reg);
    st[t].regs.insert_or_assign(dst.reg, z3::ite(reductions_.holds(*tag), reductions_.value(*tag), built));
    st[t].tags.insert_or_assign(dst.reg, *tag);
  }
}

void Executor::spend_budget() {
  budget_exhausted_ = true;
  if (o_.stop_at_budget) throw BudgetSpent{};
}

std::vector<Edge> Executor::process_block(uint32_t b, PairState st) {
  if (++visits_ > o_.block_budget) spend_budget();
  const analysis::BasicBlock& bb = a_.cfg.blocks[b];
  current_ = &st.t;
  for (uint32_t i = bb.first; i < bb.end; ++i) {
    const ptx::Instruction& ins = f_.instructions[i];
    if (is_target_[i] && recording_) {
      if (stores_mode_) record_store(st, ins, i);
      else record_instance(st, ins, i);
    }
    bool control = ins.op == Opcode::Bra || ins.op == Opcode::Brx || ins.op == Opcode::Ret ||
                   ins.op == Opcode::Exit || ins.op == Opcode::Trap || ins.op == Opcode::Call;
    if (in_slice_[i] && !control) {
      execute(st.t, ins);
      if (++executed_ > o_.instruction_budget) spend_budget();
    }
    if (ins.op == Opcode::Call && in_slice_[i]) execute(st.t, ins);  // its results become unknown values
  }
  current_ = &st.t;
  std::vector<Edge> out;
  if (bb.first == bb.end) {
    if (b + 1 < a_.cfg.blocks.size()) out.push_back({b + 1, std::move(st)});
    return out;
  }
  const ptx::Instruction& last = f_.instructions[bb.end - 1];
  bool decides = in_slice_[bb.end - 1] && last.has_guard;
  auto with = [&](std::function<z3::expr(int)> cond) {
    PairState s = st;
    for (int t = 0; t < static_cast<int>(n_); ++t)
      s.t[static_cast<size_t>(t)].pc = conjoin(s.t[static_cast<size_t>(t)].pc, cond(t));
    return s;
  };
  auto target_block = [&](std::string_view label) -> std::optional<uint32_t> {
    const ptx::Label* l = f_.find_label(label);
    if (!l || l->instruction >= f_.instructions.size()) return std::nullopt;
    return a_.cfg.block_of[l->instruction];
  };
  if (last.op == Opcode::Bra) {
    auto target = target_block(last.operands.at(0).text);
    if (!last.has_guard) {
      if (target) out.push_back({*target, std::move(st)});
      return out;
    }
    if (target) out.push_back({*target, decides ? with([&](int t) { return guard(t, last); }) : st});
    if (b + 1 < a_.cfg.blocks.size())
      out.push_back({b + 1, decides ? with([&](int t) { return !guard(t, last); }) : st});
    return out;
  }
  if (last.op == Opcode::Brx) {
    auto labels = analysis::branch_targets(f_, last);
    bool in = in_slice_[bb.end - 1];
    for (size_t k = 0; k < labels.size(); ++k) {
      auto target = target_block(labels[k]);
      if (!target) continue;
      if (!in) {
        out.push_back({*target, st});
        continue;
      }
      current_ = &st.t;
      out.push_back({*target, with([&](int t) {
                       return Sem32(t, last.operands.at(0)) == c_.bv_val(k, 32);
                     })});
    }
    return out;
  }
  if (last.op == Opcode::Ret || last.op == Opcode::Exit || last.op == Opcode::Trap) {
    if (last.has_guard && b + 1 < a_.cfg.blocks.size())
      out.push_back({b + 1, decides ? with([&](int t) { return !guard(t, last); }) : st});
    return out;
  }
  if (b + 1 < a_.cfg.blocks.size()) out.push_back({b + 1, std::move(st)});
  return out;
}

z3::expr Executor::Sem32(int t, const Operand& o) {
  if (o.kind == Operand::Kind::Register) {
    z3::expr v = reg(t, o.reg);
    unsigned w = v.get_sort().bv_size();
    return w == 32 ? v : w > 32 ? v.extract(31, 0) : z3::zext(v, 32 - w);
  }
  return c_.bv_val(static_cast<uint64_t>(o.value), 32);
}

void Executor::record_instance(PairState& st, const ptx::Instruction& ins, uint32_t index) {
  current_ = &st.t;
  BranchInstance inst{index, {}, {}, st.beyond};
  for (int t = 0; t < static_cast<int>(n_); ++t) {
    inst.reach.push_back(st.t[static_cast<size_t>(t)].pc);
    inst.out.push_back(ins.op == Opcode::Brx ? Sem32(t, ins.operands.at(0))
                                             : z3::ite(guard(t, ins), c_.bv_val(1, 1), c_.bv_val(0, 1)));
  }
  e_.instances.push_back(std::move(inst));
}

// Blocks from which control can get to a target branch. Paths that leave
// them never reach the branch again, so the executor drops them: a branch
// at the top of a kernel is not followed through every loop below it.
void Executor::find_blocks_reaching_targets() {
  const auto& blocks = a_.cfg.blocks;
  reaches_target_.assign(blocks.size(), false);
  std::vector<uint32_t> work;
  for (uint32_t b : branches_) {
    uint32_t block = a_.cfg.block_of[b];
    if (!reaches_target_[block]) reaches_target_[block] = true, work.push_back(block);
  }
  while (!work.empty()) {
    uint32_t b = work.back();
    work.pop_back();
    for (uint32_t p : blocks[b].preds)
      if (p < blocks.size() && !reaches_target_[p]) reaches_target_[p] = true, work.push_back(p);
  }
}

}  // namespace warpsat::branch_detail
