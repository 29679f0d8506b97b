// Witnesses of a split: read off a model; what decide's searches for one a
// replay can run constrain and pin (pointers in windows it can allocate,
// small parameters, the model's own values); and a split searched for in
// the launch a run reached the branch in; a launch that reaches a uniform
// branch no run reached.
#include <iterator>
#include <unordered_set>

#include <fmt/format.h>

#include "encodings/smt_helpers.h"
#include "solver/branch_analysis_detail.h"
#include "solver/witness_windows.h"

namespace warpsat::branch_analysis_detail {

namespace {

// Whether `term` reads the value of load `l` (the same AST in its cone).
bool reads(const z3::expr& term, const LoadTerm& l) {
  std::unordered_set<unsigned> values;
  for (const z3::expr& v : l.value) values.insert(Z3_get_ast_id(v.ctx(), v));
  bool found = false;
  smt::for_each_app({term}, [&](const z3::expr& x) {
    found = found || values.count(Z3_get_ast_id(x.ctx(), x));
    return !found;
  });
  return found;
}

}  // namespace

// The witness of a model in which `inst` splits: two tracked threads active
// there with different outcomes, and every load the model chose a value for.
Witness witness_from(const z3::model& m, const BranchEncoding& e, const BranchInstance& inst, const ptx::Function& f,
                     bool replayable) {
  Witness w;
  size_t pick[2] = {0, 1};
  if (e.threads > 2) {
    size_t first = SIZE_MAX;
    for (size_t t = 0; t < inst.reach.size(); ++t) {
      if (!m.eval(inst.reach[t], true).is_true()) continue;
      if (first == SIZE_MAX) {
        first = t;
      } else if (value_of(m, inst.out[t]) != value_of(m, inst.out[first])) {
        pick[0] = first, pick[1] = t;
        break;
      }
    }
  }
  for (int d = 0; d < 3; ++d) {
    w.block[d] = static_cast<uint32_t>(value_of(m, e.ntid[d]));
    w.grid[d] = static_cast<uint32_t>(value_of(m, e.nctaid[d]));
    w.cta[d] = static_cast<uint32_t>(value_of(m, e.ctaid[d]));
    for (int t = 0; t < 2; ++t) w.tid[t][d] = static_cast<uint32_t>(value_of(m, e.tid[pick[t]][d]));
  }
  w.warp = static_cast<uint32_t>(value_of(m, e.warp[pick[0]]));
  for (int t = 0; t < 2; ++t) {
    w.lane[t] = static_cast<uint32_t>(value_of(m, e.lane[pick[t]]));
    w.outcome[t] = value_of(m, inst.out[pick[t]]);
  }
  for (const auto& [name, term] : e.params) {
    unsigned bits = term.get_sort().bv_size();
    if (bits <= 64) {
      w.params.emplace_back(name, value_of(m, term));
      continue;
    }
    std::vector<uint8_t> bytes(bits / 8);
    for (unsigned i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<uint8_t>(value_of(m, term.extract(8 * i + 7, 8 * i)));
    w.aggregates.emplace_back(name, std::move(bytes));
  }
  // The loads the split reads last: a replay writes them in order, and the
  // witness searches placed only these (at addresses of their own, values
  // agreeing), so they win where another load's value lands on them. The
  // others still go in: where the encoding is not exact (shared memory
  // after a barrier) the split's values come from them.
  z3::expr split = split_at(e, inst);
  std::vector<const LoadTerm*> unread, read;
  for (const LoadTerm& l : e.loads) (reads(split, l) ? read : unread).push_back(&l);
  for (const std::vector<const LoadTerm*>* group : {&unread, &read})
    for (const LoadTerm* l : *group)
      for (size_t t = 0; t < l->reach.size(); ++t) {
        if (!m.eval(l->reach[t], true).is_true()) continue;
        std::string_view space = ptx::to_string(l->space);
        w.loads.push_back({f.instructions[l->instruction].pos.line, std::string(space.empty() ? "generic" : space),
                           static_cast<uint32_t>(value_of(m, e.lane[t])), value_of(m, l->address[t]),
                           value_of(m, l->value[t]), l->bits});
      }
  w.replayable = replayable;
  return w;
}

// Pointer parameters, and the pointer fields of large by-value structs
// (witness_windows.h), at device-like, 4-byte aligned addresses a replay can
// allocate (and launch dimensions a replay can run): for witnesses only.
// Only the loads `split` reads are placed: those of the branch's other
// occurrences (abstracted iterations, other paths) would bring their path
// conditions and addresses into the query for nothing (CUB's integer
// histogram: 2 MB witness searches that timed out, against 36 KB for the
// divergence query they follow).
z3::expr replayable_constraints(z3::context& c, const BranchEncoding& e, const ptx::Module& m, const ptx::Function& f,
                                const std::vector<std::vector<uint32_t>>& fields, const z3::expr& split) {
  z3::expr_vector cs(c);
  std::vector<WitnessPointer> pointers = witness_pointers(e, m, f, fields);
  for (const WitnessPointer& p : pointers) {
    // 4-byte aligned, not 256 as cudaMalloc gives: kernels receive offset
    // pointers, and library code branches on a pointer's alignment.
    cs.push_back(z3::uge(p.term, c.bv_val(p.window, 64)) &&
                 z3::ult(p.term, c.bv_val(p.window + kWitnessPointerSpan, 64)) &&
                 (p.term & c.bv_val(3, 64)) == c.bv_val(0, 64));
  }
  // A launch a replay runs in moments: the witness CTA alone runs, but its
  // addresses grow with the grid.
  cs.push_back(z3::ule(e.nctaid[0], c.bv_val(4096, 32)) && z3::ule(e.nctaid[1], c.bv_val(64, 32)) &&
               z3::ule(e.nctaid[2], c.bv_val(64, 32)));
  // A replay writes the values the witness loads into memory before the
  // launch: each load must read an address inside a buffer it can place
  // (global and generic loads), and loads of one address must agree, which
  // an uninterpreted memory per space expresses without pairwise terms.
  std::vector<std::pair<uint64_t, uint64_t>> windows;
  for (const WitnessPointer& p : pointers) windows.emplace_back(p.window, p.window + kWitnessPointerSpan);
  for (const LoadTerm& l : e.loads) {
    if (!reads(split, l)) continue;
    for (size_t t = 0; t < l.reach.size(); ++t) {
      z3::expr a = l.address[t];
      unsigned w = a.get_sort().bv_size();
      if (l.space == ptx::StateSpace::Global || l.space == ptx::StateSpace::Generic) {
        z3::expr_vector inside(c);
        for (auto [lo, hi] : windows)
          if (w == 64) inside.push_back(z3::uge(a, c.bv_val(lo, 64)) && z3::ule(a + c.bv_val(l.bits / 8, 64), c.bv_val(hi, 64)));
        cs.push_back(z3::implies(l.reach[t], inside.empty() ? c.bool_val(false) : z3::mk_or(inside)));
      }
      if (l.immutable) continue;  // already a function of the address
      std::string name = fmt::format("replay_memory.{}.{}.{}", ptx::to_string(l.space), l.bits, w);
      z3::func_decl mem = c.function(name.c_str(), c.bv_sort(w), c.bv_sort(l.bits));
      cs.push_back(l.value[t] == mem(a));
    }
  }
  return cs.empty() ? c.bool_val(true) : z3::mk_and(cs);
}

// Every non-pointer parameter, and every 32-bit word of a struct parameter
// but its pointer fields', within 2^16 of zero (as a signed number).
z3::expr small_params(z3::context& c, const BranchEncoding& e, const ptx::Module& m, const ptx::Function& f,
                      const std::vector<std::vector<uint32_t>>& fields) {
  z3::expr_vector cs(c);
  auto near_zero = [&](const z3::expr& v) {
    unsigned w = v.get_sort().bv_size();
    if (w <= 16) return;
    cs.push_back(z3::ule(v + c.bv_val(1u << 16, w), c.bv_val(1u << 17, w)));
  };
  for (const auto& [name, term] : e.params) {
    const ptx::Variable* p = f.find_param(name);
    if (p && is_pointer_param(m, *p)) continue;
    unsigned w = term.get_sort().bv_size();
    if (w <= 64) near_zero(term);
    else
      for (unsigned lo = 0; lo + 32 <= w; lo += 32)
        if (!overlaps_pointer_field(f, fields, name, lo, 32)) near_zero(term.extract(lo + 31, lo));
  }
  return cs.empty() ? c.bool_val(true) : z3::mk_and(cs);
}

// A split searched for in the launch a run reached the branch in (or, if
// none did, the last branch before it that a run reached): its block,
// grid, CTA and parameters pinned, so that what the launch computes from
// them alone (CUTLASS's tile scheduler, whose 64-bit divisions of
// `Params` fields are what the exact query could not get past) folds to
// constants; the struct bytes the query reads stay free, but for those
// that still reach a division or a product of unknowns once folded
// (pinned back, a round at a time). Sat is a witness like any other
// (the replay must reproduce it): its launch is the run's with those
// struct bytes changed (a problem size that leaves a partial tile, a
// pointer that turns a reduction on).
bool BranchSolver::split_from_reaching_run(z3::context& c, const BranchEncoding& e, QueryRunner& q,
                                           const z3::expr_vector& pair, const std::vector<z3::expr>& precise,
                                           BranchResult& r) {
  if (!seen_ || e.threads != 2 || r.indexed || precise.empty() || seen_->reached_by.empty()) return false;
  auto it = seen_->reached_by.upper_bound(r.instruction);
  if (it == seen_->reached_by.begin()) return false;
  const Witness& run = std::prev(it)->second;
  // The run's launch; its struct parameters are pinned round by round.
  // (A PinnedQuery is not copied: its vectors are handles.)
  auto pin_launch = [&](PinnedQuery& pins) {
    for (int d = 0; d < 3; ++d) {
      pins.pin(e.ntid[d], run.block[d]);
      pins.pin(e.nctaid[d], run.grid[d]);
      pins.pin(e.ctaid[d], run.cta[d]);
    }
    for (const auto& [name, term] : e.params)
      for (const auto& [n, v] : run.params)
        if (n == name && term.get_sort().bv_size() <= 64) pins.pin(term, v);
  };
  struct Aggregate {
    z3::expr symbol;
    const std::vector<uint8_t>* bytes;
    std::vector<bool> free;
  };
  std::vector<Aggregate> aggregates;
  for (const auto& [name, term] : e.params) {
    unsigned bits = term.get_sort().bv_size();
    for (const auto& [n, bytes] : run.aggregates)
      if (n == name && bytes.size() * 8 == bits && !bytes.empty() && term.is_const())
        aggregates.push_back({term, &bytes, std::vector<bool>(bytes.size(), false)});
  }
  if (aggregates.empty()) return false;
  z3::expr split = any_of(c, precise);
  z3::expr query = z3::mk_and(pair) && split && replayable_constraints(c, e, m_, f_, pointer_fields_, split);
  // The struct bytes the query reads: every extract of the struct's term.
  std::vector<z3::expr> roots{query};
  smt::for_each_app(roots, [&](const z3::expr& x) {
    if (x.decl().decl_kind() != Z3_OP_EXTRACT) return true;
    for (Aggregate& a : aggregates)
      if (z3::eq(x.arg(0), a.symbol)) {
        unsigned hi = x.hi(), lo = x.lo();
        for (unsigned b = lo / 8; b <= hi / 8 && b < a.free.size(); ++b) a.free[b] = true;
      }
    return true;
  });
  std::map<unsigned, std::pair<size_t, size_t>> byte_of;  // free byte symbol id -> (aggregate, byte)
  z3::expr applied = c.bool_val(false);
  std::vector<z3::expr> values;
  for (int round = 0; round < kReachingRunRounds; ++round) {
    PinnedQuery trial(c);
    pin_launch(trial);
    byte_of.clear();
    values.clear();
    size_t free_bytes = 0;
    for (size_t k = 0; k < aggregates.size(); ++k) {
      const Aggregate& a = aggregates[k];
      // The bytes in a balanced tree of concats: a chain as deep as the
      // struct is long (1,792 bytes) is what Z3 frees slowest.
      std::vector<z3::expr> parts;
      for (size_t b = a.bytes->size(); b-- > 0;) {
        z3::expr byte = c.bv_val((*a.bytes)[b], 8);
        if (a.free[b]) {
          byte = c.bv_const(fmt::format("run.{}.byte{}", k, b).c_str(), 8);
          byte_of[Z3_get_ast_id(c, byte)] = {k, b};
          ++free_bytes;
        }
        parts.push_back(byte);
      }
      while (parts.size() > 1) {
        std::vector<z3::expr> joined;
        for (size_t i = 0; i + 1 < parts.size(); i += 2) joined.push_back(z3::concat(parts[i], parts[i + 1]));
        if (parts.size() % 2) joined.push_back(parts.back());
        parts = std::move(joined);
      }
      z3::expr value = parts.front();
      values.push_back(value);
      trial.pin(a.symbol, value);
    }
    if (free_bytes == 0) return false;
    applied = trial.apply(query);
    // Free bytes still under a division or a product of two unknowns:
    // pinned back to the run's values.
    bool hard = false;
    std::vector<z3::expr> top{applied};
    smt::for_each_app(top, [&](const z3::expr& x) {
      Z3_decl_kind k = x.decl().decl_kind();
      bool divides = k == Z3_OP_BUDIV || k == Z3_OP_BUDIV_I || k == Z3_OP_BUREM || k == Z3_OP_BUREM_I ||
                     k == Z3_OP_BSDIV || k == Z3_OP_BSDIV_I || k == Z3_OP_BSREM || k == Z3_OP_BSREM_I ||
                     k == Z3_OP_BSMOD || k == Z3_OP_BSMOD_I;
      bool multiplies = false;
      if (k == Z3_OP_BMUL) {
        unsigned unknown = 0;
        for (unsigned i = 0; i < x.num_args(); ++i) unknown += x.arg(i).is_numeral() ? 0 : 1;
        multiplies = unknown >= 2;
      }
      if (!divides && !multiplies) return true;
      std::vector<z3::expr> under{x};
      smt::for_each_app(under, [&](const z3::expr& y) {
        if (auto b = byte_of.find(Z3_get_ast_id(c, y)); b != byte_of.end()) {
          aggregates[b->second.first].free[b->second.second] = false;
          hard = true;
        }
        return true;
      });
      return true;
    });
    if (!hard) break;
    if (round + 1 == kReachingRunRounds) return false;
  }
  std::optional<z3::model> found;
  // The quick try alone: folded, the splits there are found in it (CUTLASS's
  // FP8 GEMM), and a search without an answer would count into the
  // kernel's no-answer budget, which the FP16 ping-pong's induction proofs
  // after it need (two of them timed out once it was spent).
  if (q.check_alone(applied, "split-in-reached-launch", &found, true) != SmtStatus::Sat) return false;
  PinnedQuery pins(c);
  pin_launch(pins);
  pins.complete(*found);
  for (size_t k = 0; k < aggregates.size(); ++k) {
    z3::func_decl symbol = aggregates[k].symbol.decl();
    z3::expr value = found->eval(values[k], true);
    found->add_const_interp(symbol, value);
  }
  const BranchInstance* split_instance = nullptr;
  for (const BranchInstance& i : e.instances)
    if (!i.beyond && found->eval(split_at(e, i), true).is_true()) {
      split_instance = &i;
      break;
    }
  if (!split_instance) return false;
  r.witness = witness_from(*found, e, *split_instance, f_, true);
  r.verdict = BranchVerdict::Divergent;
  r.replay_decides = !e.imprecision.empty();
  std::string how = "in the launch a run reached it in, with struct bytes the query reads changed";
  r.reason = e.imprecision.empty()
                 ? "two lanes of one warp can reach it together and go different ways (found " + how + ")"
                 : "two lanes can go different ways in the model (found " + how + "), which is not exact here (" +
                       imprecision_text(e) + "): the replay decides";
  return true;
}

// Pins the model's thread ids and loaded values; with `params`, its
// non-pointer parameters instead, a struct's pointer fields at the start
// of their windows (the model's may lie anywhere, 0 most often).
void BranchSolver::pin_model_values(const z3::model& m, const BranchEncoding& e, bool params,
                                    PinnedQuery& pins) const {
  if (params) {
    std::vector<WitnessPointer> pointers = witness_pointers(e, m_, f_, pointer_fields_);
    for (const auto& [name, term] : e.params) {
      const ptx::Variable* p = f_.find_param(name);
      if (p && is_pointer_param(m_, *p)) continue;
      z3::expr value = m.eval(term, true);
      unsigned bits = term.get_sort().bv_size();
      for (const WitnessPointer& w : pointers) {
        if (!w.field || w.param != name) continue;
        unsigned lo = 8 * w.offset;
        z3::expr v = term.ctx().bv_val(w.window, 64);
        if (lo + 64 < bits) v = z3::concat(value.extract(bits - 1, lo + 64), v);
        if (lo > 0) v = z3::concat(v, value.extract(lo - 1, 0));
        value = v;
      }
      pins.pin(term, pointers.empty() ? value : value.simplify());
    }
    return;
  }
  for (const std::vector<z3::expr>& ids : e.tid)
    for (const z3::expr& d : ids) pins.pin(d, m.eval(d, true));
  for (const LoadTerm& l : e.loads)
    for (size_t t = 0; t < l.value.size(); ++t)
      if (m.eval(l.reach[t], true).is_true()) pins.pin(l.value[t], m.eval(l.value[t], true));
}

z3::expr BranchSolver::small_ctas(z3::context& c, const BranchEncoding& e) {
  return e.ctaid[0] == c.bv_val(0, 32) && e.ctaid[1] == c.bv_val(0, 32) && e.ctaid[2] == c.bv_val(0, 32);
}

// A uniform verdict is validated by executions alone, and where no run so
// far reached the branch none may: the solver builds a launch that reaches
// it (its pointers in windows a replay can map, its scalars small first, so
// that the run gets there within its budget), which the replay runs to its
// end (or its budget) if the last shapes do not reach it either. CUB's
// ArgMax reduction applies the warps' aggregates only in a partial tile of
// 65 items or more, which none of the made-up launches of its multi-block
// kernel had: 12 uniform verdicts "not validated". The model is a launch
// like any other made-up one; only the executions its run shows count.
bool BranchSolver::wants_reaching_launch(const BranchResult& r) const {
  return after_ && seen_ && !(o_.launch.concrete_block && o_.launch.concrete_grid) &&
         r.verdict == BranchVerdict::Uniform && !r.whole_warp && !r.indexed &&
         !seen_->validating.count(r.instruction) && reaching_launch_failures_ < kMaxReachingLaunchFailures;
}

// Asked last in the encoding's context (see solve_group).
void BranchSolver::search_reaching_launch(z3::context& c, const BranchEncoding& e, QueryRunner& q, BranchResult& r) {
  if (!wants_reaching_launch(r) || e.threads != 2) return;
  // The unrolled iterations first; then the abstracted ones too, where a
  // branch may lie only past the first iteration (the stream-K scheduler's
  // adjustments for short splits, in its fetch of the next unit of work):
  // there the model's launch may not get where the abstraction let it,
  // and only the run tells.
  std::vector<z3::expr> precise, all;
  for (const BranchInstance& i : e.instances) (i.beyond ? all : precise).push_back(i.reach[0]);
  all.insert(all.end(), precise.begin(), precise.end());
  bool open = false;
  // Its queries without an answer do not spend the kernel's budget for
  // those, which decides how the next group's branches are asked. (`q`
  // asks nothing after the searches.)
  q.no_answer_budget(nullptr);
  for (const std::vector<z3::expr>* reach : {&precise, &all}) {
    if (reach->empty() || (reach == &all && all.size() == precise.size())) continue;
    z3::expr reaches = any_of(c, *reach);
    z3::expr query = reaches && replayable_constraints(c, e, m_, f_, any_pointer_fields_, reaches);
    std::optional<z3::model> model;
    SmtStatus st = q.check_quick(e.base, query && small_params(c, e, m_, f_, any_pointer_fields_),
                                 "reaching-launch-small", &model);
    if (st != SmtStatus::Sat) st = q.check(e.base, query, "reaching-launch", &model);
    if (st != SmtStatus::Sat) {
      open = open || st != SmtStatus::Unsat;
      continue;
    }
    reaching_launch_failures_ = 0;
    for (const BranchInstance& i : e.instances)
      if (model->eval(i.reach[0], true).is_true()) {
        r.reaching_launch = witness_from(*model, e, i, f_, true);
        break;
      }
    return;
  }
  // Unsat is an answer (no launch a replay can run reaches the branch
  // there); only queries without one count toward giving up.
  if (open) ++reaching_launch_failures_;
}

}  // namespace warpsat::branch_analysis_detail
