// The executor's run (branch_executor.h): the slice and the loop tree set
// up, the launch modelled, the function run as one region; and the unknown
// values it makes up, with why each is imprecise.
#include "encodings/branch_executor.h"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "encodings/smt_helpers.h"

namespace warpsat::branch_detail {

using ptx::RegId;

bool MarkedReads::in(const z3::expr& x) {
  std::vector<z3::expr> work{x};
  std::vector<unsigned> visited;
  while (!work.empty()) {
    z3::expr y = work.back();
    work.pop_back();
    unsigned id = Z3_get_ast_id(y.ctx(), y);
    if (marked.count(id)) {
      for (unsigned v : visited) clear.erase(v);  // the terms on the way to it read one
      return true;
    }
    if (!clear.insert(id).second) continue;
    visited.push_back(id);
    if (y.is_app())
      for (unsigned k = 0; k < y.num_args(); ++k) work.push_back(y.arg(k));
  }
  return false;
}

Executor::Executor(z3::context& c, const ptx::Module& m, const ptx::Function& f, const analysis::FunctionAnalysis& a,
                   std::vector<uint32_t> branches, const LaunchSpec& launch, const BranchEncodingOptions& o,
                   std::string prefix, bool writer, ParameterTerms* params)
    : c_(c), m_(m), f_(f), a_(a), branches_(std::move(branches)), launch_(launch), o_(o), prefix_(std::move(prefix)),
      own_params_(params ? std::nullopt : std::optional<ParameterTerms>(std::in_place, c, f, launch)),
      params_(params ? *params : *own_params_), writer_(writer),
      n_(o.whole_warp ? 32 : 2),
      e_{z3::expr_vector(c), c.bool_val(true), n_, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, 0} {}

BranchEncoding Executor::run() {
  try {
    for (uint32_t b : branches_) stores_mode_ = stores_mode_ || written_space(f_.instructions[b]).has_value();
    // A shared store's writer needs its value and its guard as well.
    slice_ = analysis::backward_closure(f_, a_, stores_mode_ && !writer_ ? address_definitions() : branches_);
    is_target_.assign(f_.instructions.size(), false);
    for (uint32_t b : branches_) is_target_[b] = true;
    in_slice_.assign(f_.instructions.size(), false);
    for (uint32_t i : slice_.instructions) in_slice_[i] = true;
    for (uint32_t b : branches_) in_slice_[b] = in_slice_[b] && !stores_mode_;  // a store computes nothing
    e_.unroll = o_.unroll;
    memory_.emplace(m_, f_, a_, o_.race_free);
    find_live_registers();
    find_blocks_reaching_targets();
    build_loop_tree();
    model_launch();
    PairState entry{{}, false};
    for (unsigned t = 0; t < n_; ++t) entry.t.push_back(ThreadState{exists_[t], {}, {}});
    run_region(-1, 0, entry, nullptr);
    settle_imprecision();
    e_.induction_ms = induction_ms_;
    e_.budget_exhausted = budget_exhausted_;
    e_.imprecise_symbols = imprecise_;
  } catch (const Unsupported& u) {
    e_.unsupported = u.what();
  } catch (const BudgetSpent&) {
    e_.budget_exhausted = true;
  }
  e_.params = params_.free_used();
  return std::move(e_);
}

z3::expr Executor::fresh(int t, unsigned bits, const char* what) {
  z3::expr v = c_.bv_const(fmt::format("{}{}.{}.t{}", prefix_, what, counter_++, t).c_str(), bits);
  note_per_thread(v);
  return v;
}

// Held here so that their AST ids are not reused while the encoding lives.
void Executor::note_per_thread(const z3::expr& v) {
  per_thread_unknowns_.marked.insert(Z3_get_ast_id(c_, v));
  per_thread_terms_.push_back(v);
}

z3::expr Executor::entry_value(int t, RegId r) {
  unsigned bits = register_bits(f_, r);
  bool from_caller = r < f_.registers.size() && !f_.registers[r].in_range && f_.find_param(f_.registers[r].prefix);
  if (!from_caller && o_.undefined_registers_shared) {
    z3::expr v = c_.bv_const(fmt::format("{}entry.r{}", prefix_, r).c_str(), bits);
    note_imprecise(v, "registers read before they are written");
    return v;
  }
  z3::expr v = c_.bv_const(fmt::format("{}entry.r{}.t{}", prefix_, r, t).c_str(), bits);
  note_per_thread(v);
  note_imprecise(v, "values passed by a caller");
  return v;
}

// Unknown values make a model possibly unrealisable only when a branch
// occurrence depends on them: a register undefined on a path that never
// reaches the branch (say, one that returned early) costs nothing.
void Executor::note_imprecise(const z3::expr& marker, std::string why) {
  note_imprecise(marker.decl().name().str(), std::move(why));
}

void Executor::note_imprecise(std::string symbol, std::string why) {
  imprecise_.push_back({std::move(symbol), std::move(why), current_instruction_});
}

void Executor::settle_imprecision() {
  std::set<std::string> used;
  std::vector<z3::expr> roots = instance_terms(e_);
  for (const z3::expr& b : e_.base) roots.push_back(b);
  smt::for_each_app(roots, [&](const z3::expr& x) {
    if (x.decl().decl_kind() == Z3_OP_UNINTERPRETED) used.insert(x.decl().name().str());
    return true;
  });
  for (auto& [name, why, instruction] : imprecise_)
    if (used.count(name)) e_.imprecision.insert(why);
  for (LoadTerm& l : e_.loads)
    if (!l.immutable)
      l.matters = std::any_of(l.value.begin(), l.value.end(), [&](const z3::expr& v) {
        return v.is_app() && used.count(v.decl().name().str());
      });
}

// ---- the launch and the two threads ----
void Executor::model_launch() {
  auto bv = [&](uint64_t v) { return c_.bv_val(v, 32); };
  const char* dims = "xyz";
  for (int d = 0; d < 3; ++d) {
    // Ids and sizes are as narrow as the hardware's limits allow, widened
    // to 32 bits: the known-zero high bits keep the multipliers of the
    // linear thread id small when the block shape is symbolic.
    e_.ntid.push_back(launch_.concrete_block ? bv(launch_.block[d])
                                             : narrow(fmt::format("ntid.{}", dims[d]), d == 2 ? 7 : 11));
    e_.nctaid.push_back(launch_.concrete_grid ? bv(launch_.grid[d])
                                              : narrow(fmt::format("nctaid.{}", dims[d]), d == 0 ? 31 : 16));
    e_.ctaid.push_back(narrow(fmt::format("{}ctaid.{}", prefix_, dims[d]), d == 0 ? 31 : 16));
  }
  z3::expr_vector& b = e_.base;
  if (!launch_.concrete_block) {
    b.push_back(z3::uge(e_.ntid[0], bv(1)) && z3::ule(e_.ntid[0], bv(1024)));
    b.push_back(z3::uge(e_.ntid[1], bv(1)) && z3::ule(e_.ntid[1], bv(1024)));
    b.push_back(z3::uge(e_.ntid[2], bv(1)) && z3::ule(e_.ntid[2], bv(64)));
    b.push_back(z3::ule(e_.ntid[0] * e_.ntid[1] * e_.ntid[2], bv(1024)));
    add_block_shape_lemmas(b);
  }
  if (!launch_.concrete_grid) {
    b.push_back(z3::uge(e_.nctaid[0], bv(1)) && z3::ule(e_.nctaid[0], bv(0x7fffffffu)));
    b.push_back(z3::uge(e_.nctaid[1], bv(1)) && z3::ule(e_.nctaid[1], bv(65535)));
    b.push_back(z3::uge(e_.nctaid[2], bv(1)) && z3::ule(e_.nctaid[2], bv(65535)));
  }
  for (int d = 0; d < 3; ++d) b.push_back(z3::ult(e_.ctaid[d], e_.nctaid[d]));
  e_.tid.resize(n_);
  if (!o_.whole_warp) {
    // Two threads anywhere in the block; same_warp puts them in one warp.
    for (unsigned t = 0; t < 2; ++t) {
      for (int d = 0; d < 3; ++d) {
        e_.tid[t].push_back(narrow(fmt::format("{}tid{}.{}", prefix_, t, dims[d]), d == 2 ? 6 : 10));
        b.push_back(z3::ult(e_.tid[t][d], e_.ntid[d]));
      }
      z3::expr lin = e_.tid[t][0] + e_.tid[t][1] * e_.ntid[0] + e_.tid[t][2] * e_.ntid[0] * e_.ntid[1];
      e_.linear.push_back(lin);
      e_.lane.push_back(lin & bv(31));
      e_.warp.push_back(z3::lshr(lin, bv(5)));
      exists_.push_back(c_.bool_val(true));
    }
    e_.same_warp = e_.warp[0] == e_.warp[1] && e_.lane[0] != e_.lane[1];
  } else {
    // Lane 0 is a thread whose linear id is a multiple of 32; lane k + 1
    // is lane k's successor in x-fastest order, when the block has it.
    // (Stepping ids keeps the solver away from 32 multiplications.)
    std::vector<z3::expr> id;
    for (int d = 0; d < 3; ++d) {
      id.push_back(narrow(fmt::format("{}tid0.{}", prefix_, dims[d]), d == 2 ? 6 : 10));
      b.push_back(z3::ult(id[static_cast<size_t>(d)], e_.ntid[d]));
    }
    z3::expr lin0 = id[0] + id[1] * e_.ntid[0] + id[2] * e_.ntid[0] * e_.ntid[1];
    b.push_back((lin0 & bv(31)) == bv(0));
    z3::expr warp = z3::lshr(lin0, bv(5));
    z3::expr threads = e_.ntid[0] * e_.ntid[1] * e_.ntid[2];
    for (unsigned t = 0; t < n_; ++t) {
      if (t > 0) {
        z3::expr carry_x = id[0] + bv(1) == e_.ntid[0];
        z3::expr carry_y = carry_x && id[1] + bv(1) == e_.ntid[1];
        id = {z3::ite(carry_x, bv(0), id[0] + bv(1)), z3::ite(carry_x, z3::ite(carry_y, bv(0), id[1] + bv(1)), id[1]),
              z3::ite(carry_y, id[2] + bv(1), id[2])};
      }
      e_.tid[t] = id;
      e_.linear.push_back(lin0 + bv(t));
      e_.lane.push_back(bv(t));
      e_.warp.push_back(warp);
      exists_.push_back(z3::ult(lin0 + bv(t), threads));
    }
    e_.same_warp = c_.bool_val(true);
  }
  // Through the same owner as every ld.param of the slice (parameter_terms.h).
  for (const Assumption& a : launch_.assumptions)
    b.push_back(assumption_term(params_, e_.ntid, e_.nctaid, *a.expr) != c_.bv_val(0, 64));
}

// Linear consequences of the block's size bound N (x·y·z ≤ N): a side
// of at least k leaves the others at most N/k. They follow from the
// product, so they change no answer; but Z3's SMT core, which the quick
// try runs, sees them without bit-blasting the multiplier: a branch on
// `tid.x > 255` under `.maxntid 384` was proved with 15 thousand
// resource units instead of 560 thousand (which only the default solver
// then spent, 200 ms a query on CUB).
void Executor::add_block_shape_lemmas(z3::expr_vector& b) {
  uint64_t most = std::min<uint32_t>(launch_.max_block_threads, 1024);
  for (uint64_t k : {2, 3, 4, 8, 16, 32})
    for (int side = 0; side < 3; ++side)
      for (int other = 0; other < 3; ++other)
        if (side != other)
          b.push_back(z3::implies(z3::uge(e_.ntid[side], c_.bv_val(k, 32)),
                                  z3::ule(e_.ntid[other], c_.bv_val(most / k, 32))));
}

// A 32-bit value whose high bits are zero: a `bits`-wide constant, widened.
z3::expr Executor::narrow(const std::string& name, unsigned bits) {
  if (o_.whole_warp) return c_.bv_const(name.c_str(), 32);
  return z3::zext(c_.bv_const(name.c_str(), bits), 32 - bits);
}

}  // namespace warpsat::branch_detail
