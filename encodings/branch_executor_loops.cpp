// A loop unrolled to its depth, then abstracted: the registers it carries
// become unknown values, but for those an induction proves the tracked
// threads hold equal (the same unknown in every thread).
#include "encodings/branch_executor.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <set>

#include <fmt/format.h>

#include "encodings/induction_memo.h"
#include "encodings/query_timer.h"
#include "encodings/smt_helpers.h"

namespace warpsat::branch_detail {

using ptx::RegId;

namespace {

// Whether any function of `m` multiplies 64-bit values into 128 bits
// (mul.hi, mul.wide, mad.hi on .u64/.s64): the only source of the 128-bit
// products the induction abstracts. Where none is, it does not look for
// them in its terms, and asks Z3 exactly what it asked before.
bool multiplies_into_128_bits(const ptx::Module& m) {
  for (const ptx::Function& f : m.functions)
    for (const ptx::Instruction& ins : f.instructions)
      if ((ins.op == ptx::Opcode::Mul || ins.op == ptx::Opcode::Mad) && (ins.has("hi") || ins.has("wide")) &&
          ptx::bit_width(ins.type()) == 64)
        return true;
  return false;
}

// The last models of sat induction queries, tried on each new query first.
constexpr size_t kInductionModels = 8;
constexpr unsigned kInductionClockLimitMs = 1000;

}  // namespace

// Registers the loop writes whose value at its header is read before
// being written again: the values carried around it. (A temporary the
// body writes before reading needs no abstraction and no induction.)
std::vector<RegId> Executor::carried_registers(int loop) {
  auto cached = carried_.find(loop);
  if (cached != carried_.end()) return cached->second;
  const analysis::Loop& l = a_.cfg.loops[static_cast<size_t>(loop)];
  std::set<RegId> regs;
  for (uint32_t b : l.blocks)
    for (uint32_t i = a_.cfg.blocks[b].first; i < a_.cfg.blocks[b].end; ++i)
      if (in_slice_[i])
        for (RegId r : a_.defs.def_use[i].defs)
          if (std::binary_search(live_in_[l.header].begin(), live_in_[l.header].end(), r)) regs.insert(r);
  return carried_[loop] = {regs.begin(), regs.end()};
}

// Per block, the registers a slice instruction or a target branch reads
// before anything in the slice writes them (backward liveness).
void Executor::find_live_registers() {
  const auto& blocks = a_.cfg.blocks;
  size_t n = blocks.size();
  std::vector<std::set<RegId>> gen(n), kill(n), live(n);
  for (size_t b = 0; b < n; ++b)
    for (uint32_t i = blocks[b].first; i < blocks[b].end; ++i) {
      if (!in_slice_[i] && !is_target_[i]) continue;
      const analysis::DefUse& du = a_.defs.def_use[i];
      for (RegId u : du.uses)
        if (!kill[b].count(u)) gen[b].insert(u);
      if (!du.partial_def)
        for (RegId d : du.defs) kill[b].insert(d);
    }
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t b = n; b-- > 0;) {
      std::set<RegId> in = gen[b];
      for (uint32_t s : blocks[b].succs)
        if (s < n)
          for (RegId r : live[s])
            if (!kill[b].count(r)) in.insert(r);
      if (in.size() != live[b].size()) live[b] = std::move(in), changed = true;
    }
  }
  live_in_.resize(n);
  for (size_t b = 0; b < n; ++b) live_in_[b].assign(live[b].begin(), live[b].end());
}

PairState Executor::abstract_state(int loop, PairState st, const std::set<RegId>& uniform) {
  ++e_.loops_abstracted;
  st.beyond = true;
  for (RegId r : carried_registers(loop)) {
    for (ThreadState& t : st.t) t.tags.erase(r);
    unsigned bits = register_bits(f_, r);
    // An abstracted value is any value, not one an iteration computes: a
    // split through it is the replay's to decide (CUB's histogram sweep:
    // a run-length test after its unrolled loop split in the model with
    // values no iteration produces, and the replay, rightly, did not).
    auto abstracted = [&](const z3::expr& v) {
      imprecise_.push_back({v.decl().name().str(), kAbstractedLoopImprecision, BranchEncoding::kNoInstruction});
    };
    if (uniform.count(r)) {
      z3::expr v = c_.bv_const(fmt::format("{}loop{}.r{}.{}", prefix_, loop, r, counter_++).c_str(), bits);
      abstracted(v);
      for (ThreadState& t : st.t) t.regs.insert_or_assign(r, v);
    } else {
      for (int t = 0; t < static_cast<int>(n_); ++t) {
        z3::expr v = fresh(t, bits, "loop_value");
        abstracted(v);
        st.t[static_cast<size_t>(t)].regs.insert_or_assign(r, v);
      }
    }
  }
  return st;
}

// The induction queries of loop handling, on one incremental solver that
// holds the launch once. A timeout counts as "not proved".
// Once the induction has spent its whole budget, nothing more is proved:
// registers then count as not uniform, which loses precision, not soundness.
// sat (with the model), unsat, or unknown (a timeout, or the budget spent).
z3::solver& Executor::induction_solver() {
  if (!induction_) {
    induction_.emplace(c_, z3::solver::simple());
    induction_->set(smt::smt_core_params(c_, o_.induction_rlimit));
    wide_products_ = multiplies_into_128_bits(m_);
    z3::expr_vector launch(c_);
    for (const z3::expr& b : e_.base) launch.push_back(b);
    launch.push_back(e_.same_warp);
    // Bit-blasting 128-bit products (CUTLASS's FastDivmod) took Z3 2 to
    // 17 s per induction query, past its clock limit, and proved nothing
    // (49 #6: 16 such queries, 58 s). The induction asks whether lanes
    // hold equal values, which products as uninterpreted functions keep
    // (equal operands, equal results): an unsat over the abstraction is
    // a proof; a sat only leaves a register unproved. A base with such
    // products is abstracted whole, else each query that holds them.
    base_abstracted_ = wide_products_ && holds_wide_products(launch, kAbstractedBaseProductBits);
    for (const z3::expr& b : launch) induction_->add(as_asked(b, base_abstracted_));
  }
  return *induction_;
}

bool Executor::abstracted_question(const z3::expr& q) {
  induction_solver();  // which decides wide_products_ and base_abstracted_
  if (!wide_products_) return false;
  if (base_abstracted_) return true;
  z3::expr_vector v(c_);
  v.push_back(q);
  return holds_wide_products(v, kAbstractedBaseProductBits);
}

// A term as the induction solver is asked it: `abstract` (see above),
// with the axioms of new applications asserted at level 0 (they hold
// for every value, so outlive the query's scope).
z3::expr Executor::as_asked(const z3::expr& q, bool abstract) {
  if (!abstract) return q;
  if (!induction_lazy_) induction_lazy_.emplace(c_);
  return induction_lazy_->abstract_into(q, *induction_, induction_axioms_);
}

// What the induction solver holds (the launch and the lane facts when it
// was made), fingerprinted: the part of a memo key every question shares.
const std::string& Executor::induction_solver_key() {
  if (!induction_key_) {
    induction_key_.emplace();
    for (const z3::expr& a : induction_solver().assertions()) *induction_key_ += fingerprints_.of(a).text();
    *induction_key_ += "|";
  }
  return *induction_key_;
}

z3::check_result Executor::check_induction(const z3::expr& q, std::optional<z3::model>* model) {
  if (q.is_false()) return z3::unsat;
  if (induction_spent_ >= o_.induction_budget_rlimit) return z3::unknown;
  if (o_.induction_memo && o_.induction_memo->spent() >= o_.induction_kernel_budget_rlimit) return z3::unknown;
  bool abstracted = abstracted_question(q);
  z3::expr asked = as_asked(q, abstracted);
  auto start = std::chrono::steady_clock::now();
  auto spent = [&](const char* outcome) {
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    induction_ms_ += ms;
    if (o_.stats) o_.stats->record("induction", outcome, ms);
  };
  // A model of an earlier query that satisfies this one answers it: most
  // of these queries ask whether a value can differ between the lanes,
  // and the lanes an earlier model picked usually show it. (Only "sat"
  // comes from here, and "sat" only costs precision: a register not
  // proved uniform.)
  for (const z3::model& m : induction_models_)
    if (m.eval(asked, true).is_true()) {
      if (model) *model = m;
      spent("sat (an earlier model)");
      return z3::sat;
    }
  induction_->push();
  induction_->add(asked);
  z3::check_result r = z3::unknown;
  {
    QueryTimer timer(c_, kInductionClockLimitMs);  // a clock limit only a heavily loaded machine reaches
    r = induction_->check();
  }
  if (r == z3::sat) {
    z3::model m = induction_->get_model();
    if (model) *model = m;
    if (induction_models_.size() >= kInductionModels) induction_models_.erase(induction_models_.begin());
    induction_models_.push_back(m);
  }
  induction_->pop();
  std::string outcome = r == z3::sat ? "sat" : r == z3::unsat ? "unsat" : "unknown";
  spent((abstracted ? outcome + " (products abstracted)" : outcome).c_str());
  // The solver's resource count only grows: what it reads now is all
  // the induction has spent in this encoding.
  z3::stats st = induction_->statistics();
  uint64_t before = induction_spent_;
  for (unsigned k = 0; k < st.size(); ++k)
    if (st.key(k) == "rlimit count") induction_spent_ = st.is_uint(k) ? st.uint_value(k) : static_cast<uint64_t>(st.double_value(k));
  if (o_.induction_memo) o_.induction_memo->spend(induction_spent_ - before);
  return r;
}

// The candidates no two active tracked threads can hold different values
// of in `st`. One query asks whether any of them can differ; each model
// removes every candidate it shows differing, so mostly-equal and
// mostly-different sets both take few queries. A timeout falls back to
// one query per remaining candidate.
// The same question, asked by another encoding of the kernel, is
// answered from o_.induction_memo.
std::set<RegId> Executor::never_differ(const PairState& st, const std::set<RegId>& candidates) {
  std::map<RegId, z3::expr> open;
  std::set<RegId> proved;
  for (RegId r : candidates) {
    std::optional<z3::expr> d = differs(st, r);
    if (d && d->is_false()) proved.insert(r);
    else if (d && !d->is_true()) open.emplace(r, *d);
  }
  if (open.empty()) return proved;
  std::string key;
  std::vector<RegId> order;  // the candidates in the question's order
  if (o_.induction_memo) {
    key = induction_solver_key();
    for (const auto& [r, d] : open) key += fingerprints_.of(d).text(), order.push_back(r);
    if (const std::vector<bool>* known = o_.induction_memo->find(key)) {
      if (o_.stats) o_.stats->record("induction", "answered by another encoding", 0);
      for (size_t k = 0; k < order.size(); ++k)
        if ((*known)[k]) proved.insert(order[k]);
      return proved;
    }
  }
  // An earlier run's answer to the same question (up to symbol names):
  // per candidate, in the question's order, '1' where it was proved.
  std::string kept_key;
  if (o_.induction_memo && o_.induction_memo->answers) {
    std::vector<z3::expr> asked;
    for (const auto& [r, d] : open) asked.push_back(d);
    if (std::optional<smt::CanonicalQuery> q = canonical_.of(induction_solver().assertions(), asked)) {
      kept_key = "induction " + q->key.text();
      std::optional<std::string> kept = o_.induction_memo->answers->find(kept_key);
      if (kept && kept->size() == order.size() && kept->find_first_not_of("01") == std::string::npos) {
        auto start = std::chrono::steady_clock::now();
        std::vector<bool> known;
        for (size_t k = 0; k < order.size(); ++k) {
          known.push_back((*kept)[k] == '1');
          if (known.back()) proved.insert(order[k]);
        }
        o_.induction_memo->store(key, std::move(known));
        if (o_.stats)
          o_.stats->record("induction", "kept answer",
                           std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
        return proved;
      }
    }
  }
  bool unanswered = false;  // a query without an answer: not kept for later runs (it may get one then)
  struct Remember {  // every way out of the loop below records what it proved
    InductionMemo* memo;
    const std::string& key;
    const std::vector<RegId>& order;
    const std::set<RegId>& proved;
    const std::string& kept_key;
    const bool& unanswered;
    ~Remember() {
      if (!memo) return;
      std::vector<bool> answer;
      std::string text;
      for (RegId r : order) answer.push_back(proved.count(r) > 0), text += proved.count(r) ? '1' : '0';
      memo->store(key, std::move(answer));
      if (memo->answers && !kept_key.empty() && !unanswered) memo->answers->keep(kept_key, text);
    }
  } remember{o_.induction_memo, key, order, proved, kept_key, unanswered};
  while (!open.empty()) {
    z3::expr_vector any(c_);
    for (auto& [r, d] : open) any.push_back(d);
    std::optional<z3::model> m;
    z3::expr question = z3::mk_or(any);
    bool abstracted = abstracted_question(question);
    z3::check_result res = check_induction(question, &m);
    if (res == z3::unsat) {
      for (auto& [r, d] : open) proved.insert(r);
      break;
    }
    if (res == z3::unknown) {
      unanswered = true;
      for (auto& [r, d] : open)
        if (unsat(d)) proved.insert(r);
      break;
    }
    size_t before = open.size();
    for (auto it = open.begin(); it != open.end();)
      if (m->eval(as_asked(it->second, abstracted), true).is_true()) it = open.erase(it);
      else ++it;
    if (open.size() == before) break;  // a model that shows no difference: give up on the rest
  }
  return proved;
}

// Two active tracked threads hold different values of r (nullopt when some
// thread has no value for it). With many threads: some active thread holds
// a value v and another active one a value other than v.
std::optional<z3::expr> Executor::differs(const PairState& st, RegId r) {
  std::vector<z3::expr> v;
  for (const ThreadState& t : st.t) {
    auto it = t.regs.find(r);
    if (it == t.regs.end()) return std::nullopt;
    v.push_back(it->second);
  }
  // The same term in every thread (nothing thread-specific in it): equal.
  if (std::all_of(v.begin(), v.end(), [&](const z3::expr& x) { return z3::eq(x, v[0]); })) return c_.bool_val(false);
  // (Any thread's: a step's first thread may hold a shared unknown where
  // the others hold values of their own, see function_of.)
  if (std::any_of(v.begin(), v.end(), [&](const z3::expr& x) { return per_thread(x); })) return c_.bool_val(true);
  if (n_ == 2) return st.t[0].pc && st.t[1].pc && v[0] != v[1];
  z3::expr pick = c_.bv_const(fmt::format("{}pick.{}", prefix_, counter_++).c_str(), v[0].get_sort().bv_size());
  z3::expr_vector same(c_), other(c_);
  for (size_t t = 0; t < v.size(); ++t) {
    same.push_back(st.t[t].pc && v[t] == pick);
    other.push_back(st.t[t].pc && v[t] != pick);
  }
  return z3::mk_or(same) && z3::mk_or(other);
}

// The loop-carried registers equal in both threads on every iteration,
// proved by induction: equal on entry, and kept equal by one iteration
// that both threads run.
std::set<RegId> Executor::uniform_registers(int loop, const PairState& in) {
  std::vector<RegId> carried = carried_registers(loop);
  std::set<RegId> u = never_differ(in, {carried.begin(), carried.end()});
  bool saved = recording_;
  recording_ = false;
  ++analysing_;
  for (size_t round = 0; round < carried.size() && !u.empty(); ++round) {
    PairState s = abstract_state(loop, in, u);
    --e_.loops_abstracted;
    s.beyond = false;
    std::vector<PairState> back;
    run_region(loop, a_.cfg.loops[static_cast<size_t>(loop)].header, std::move(s), &back);
    if (back.empty()) break;
    PairState next = merge(back);
    std::set<RegId> keep = never_differ(next, u);
    if (keep == u) break;
    u = keep;
  }
  --analysing_;
  recording_ = saved;
  return u;
}

std::vector<Edge> Executor::run_loop(int loop, PairState in) {
  std::set<RegId> uniform = uniform_registers(loop, in);
  std::vector<Edge> exits;
  unsigned unroll = (analysing_ || budget_exhausted_) ? 0 : unroll_[static_cast<size_t>(loop)];
  PairState st = std::move(in);
  for (unsigned it = 0; it <= unroll; ++it) {
    bool last = it == unroll || budget_exhausted_;
    if (last) st = abstract_state(loop, std::move(st), uniform);
    std::vector<PairState> back;
    std::vector<Edge> out = run_region(loop, a_.cfg.loops[static_cast<size_t>(loop)].header, std::move(st), &back);
    for (Edge& e : out) exits.push_back(std::move(e));
    if (last || back.empty()) break;
    st = merge(back);
  }
  return exits;
}

}  // namespace warpsat::branch_detail
