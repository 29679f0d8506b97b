#include "encodings/branch_encoding.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <iterator>
#include <map>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

#include <fmt/format.h>

#include "encodings/induction_memo.h"
#include "encodings/lazy_arithmetic.h"
#include "encodings/query_fingerprint.h"
#include "encodings/memory_model.h"
#include "encodings/parameter_terms.h"
#include "encodings/query_timer.h"
#include "encodings/shared_store_link.h"
#include "encodings/ptx_semantics.h"
#include "encodings/smt_helpers.h"
#include "encodings/term_fingerprint.h"
#include "encodings/warp_reduction.h"
#include "encodings/warp_roles.h"

namespace warpsat {

using analysis::kNone;
using ptx::Opcode;
using ptx::Operand;
using ptx::RegId;

namespace {

struct Unsupported : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Thrown past the budget under BranchEncodingOptions::stop_at_budget.
struct BudgetSpent {};

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

// Which terms read a marked term (by AST id). The terms found to read none
// are kept across calls, so that a walk stops at what an earlier one saw.
struct MarkedReads {
  std::unordered_set<unsigned> marked, clear;
  bool in(const z3::expr& x) {
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
};

// One thread's symbolic state: whether it is here, and its tracked registers.
struct ThreadState {
  z3::expr pc;
  std::map<RegId, z3::expr> regs;
  std::map<RegId, ReductionTag> tags;  // whole-warp mode: registers holding a warp reduction
};

struct PairState {
  std::vector<ThreadState> t;  // one per tracked thread (2, or 32 for a whole warp)
  bool beyond = false;          // derived from an abstracted loop iteration
};

struct Edge {
  uint32_t target;  // a block
  PairState state;
};

class Executor : public TermSource {
 public:
  Executor(z3::context& c, const ptx::Module& m, const ptx::Function& f, const analysis::FunctionAnalysis& a,
           std::vector<uint32_t> branches, const LaunchSpec& launch, const BranchEncodingOptions& o,
           std::string prefix = "", bool writer = false, ParameterTerms* params = nullptr)
      : c_(c), m_(m), f_(f), a_(a), branches_(std::move(branches)), launch_(launch), o_(o), prefix_(std::move(prefix)),
        own_params_(params ? std::nullopt : std::optional<ParameterTerms>(std::in_place, c, f, launch)),
        params_(params ? *params : *own_params_), writer_(writer),
        n_(o.whole_warp ? 32 : 2),
        e_{z3::expr_vector(c), c.bool_val(true), n_, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, 0} {}

  BranchEncoding run() {
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

  // ---- TermSource ----
  z3::context& ctx() override { return c_; }
  const ptx::Function& function() const override { return f_; }

  z3::expr reg(int t, RegId r) override {
    ThreadState& s = (*current_)[static_cast<size_t>(t)];
    auto it = s.regs.find(r);
    if (it != s.regs.end()) return it->second;
    z3::expr v = entry_value(t, r);
    s.regs.emplace(r, v);
    return v;
  }
  void set_reg(int t, RegId r, const z3::expr& v) override {
    ThreadState& s = (*current_)[static_cast<size_t>(t)];
    s.regs.insert_or_assign(r, v);
  }
  z3::expr special(int t, const Operand& o) override {
    unsigned d = o.component ? o.component - 1u : 0u;
    switch (o.special) {
      case ptx::SpecialReg::Tid: return e_.tid[static_cast<size_t>(t)][d];
      case ptx::SpecialReg::NTid: return e_.ntid[d];
      case ptx::SpecialReg::CtaId: return e_.ctaid[d];
      case ptx::SpecialReg::NCtaId: return e_.nctaid[d];
      case ptx::SpecialReg::LaneId: return e_.lane[static_cast<size_t>(t)];
      case ptx::SpecialReg::WarpId: return e_.warp[static_cast<size_t>(t)];
      case ptx::SpecialReg::NWarpId:
        return z3::udiv(e_.ntid[0] * e_.ntid[1] * e_.ntid[2] + c_.bv_val(31, 32), c_.bv_val(32, 32));
      case ptx::SpecialReg::LanemaskEq: return z3::shl(c_.bv_val(1, 32), e_.lane[static_cast<size_t>(t)]);
      case ptx::SpecialReg::LanemaskLt: return z3::shl(c_.bv_val(1, 32), e_.lane[static_cast<size_t>(t)]) - c_.bv_val(1, 32);
      case ptx::SpecialReg::LanemaskLe:
        return z3::shl(c_.bv_val(1, 32), e_.lane[static_cast<size_t>(t)]) * c_.bv_val(2, 32) - c_.bv_val(1, 32);
      case ptx::SpecialReg::LanemaskGe: return ~(z3::shl(c_.bv_val(1, 32), e_.lane[static_cast<size_t>(t)]) - c_.bv_val(1, 32));
      case ptx::SpecialReg::LanemaskGt:
        return ~(z3::shl(c_.bv_val(1, 32), e_.lane[static_cast<size_t>(t)]) * c_.bv_val(2, 32) - c_.bv_val(1, 32));
      case ptx::SpecialReg::ClusterId:
      case ptx::SpecialReg::NClusterId:
      case ptx::SpecialReg::ClusterCtaId:
      case ptx::SpecialReg::ClusterNCtaId:
      case ptx::SpecialReg::ClusterCtaRank:
      case ptx::SpecialReg::ClusterNCtaRank:
      case ptx::SpecialReg::IsExplicitCluster: return cluster_value(o);
      default: {
        // %clock and friends: the same for the lanes of a warp at one instant.
        std::string n = fmt::format("{}special.{}.{}", prefix_, o.text, step_);
        return c_.bv_const(n.c_str(), 64).extract(31, 0);
      }
    }
  }
  // A cluster register: one value for the CTA (both tracked threads are in
  // one), within the hardware's limits (16 CTAs a cluster at most); the
  // replay launches clusters of one CTA, so a split through one is
  // imprecise (warp_roles.h).
  z3::expr cluster_value(const Operand& o) {
    std::string name = fmt::format("{}cluster.{}.{}", prefix_, o.text, static_cast<int>(o.component));
    for (char& ch : name)
      if (ch == '%') ch = '_';
    z3::expr v = c_.bv_const(name.c_str(), 32);
    if (cluster_named_.insert(name).second) {
      note_imprecise(v, kClusterImprecision);
      switch (o.special) {
        case ptx::SpecialReg::ClusterCtaRank:
        case ptx::SpecialReg::ClusterCtaId: e_.base.push_back(z3::ult(v, c_.bv_val(16, 32))); break;
        case ptx::SpecialReg::ClusterNCtaRank:
        case ptx::SpecialReg::ClusterNCtaId:
          e_.base.push_back(z3::uge(v, c_.bv_val(1, 32)) && z3::ule(v, c_.bv_val(16, 32)));
          break;
        case ptx::SpecialReg::IsExplicitCluster: e_.base.push_back(z3::ule(v, c_.bv_val(1, 32))); break;
        default: break;
      }
    }
    return v;
  }
  z3::expr symbol_address(std::string_view name) override {
    z3::expr a = c_.bv_const(fmt::format("address.{}", name).c_str(), 64);
    if (placed_.insert(std::string(name)).second) place_shared(name, a);
    return a;
  }
  // A .shared variable of known size lies within the 32-bit shared window,
  // at its alignment, apart from every other one the encoding names: the
  // stores the link ties loads to write one variable and not another.
  void place_shared(std::string_view name, const z3::expr& a) {
    const ptx::Variable* v = nullptr;
    for (const ptx::Variable& x : f_.variables)
      if (x.name == name) v = &x;
    if (!v) v = m_.find_variable(name);
    if (!v || v->space != ptx::StateSpace::Shared) return;
    uint64_t size = v->size_bytes();
    if (size == 0 || size >= (uint64_t{1} << 32)) return;  // dynamic shared memory: extern, unsized
    auto bv = [&](uint64_t x) { return c_.bv_val(x, 64); };
    e_.base.push_back(z3::ule(a, bv((uint64_t{1} << 32) - size)));
    uint64_t align = v->align ? v->align : std::max<uint64_t>(1, ptx::bit_width(v->type) / 8);
    if ((align & (align - 1)) == 0 && align > 1) e_.base.push_back((a & bv(align - 1)) == bv(0));
    for (const auto& [b, bsize] : shared_placed_) e_.base.push_back(z3::ule(a + bv(size), b) || z3::ule(b + bv(bsize), a));
    shared_placed_.emplace_back(a, size);
  }
  z3::expr load(int t, const ptx::Instruction& ins, ptx::StateSpace space, const z3::expr& address,
                unsigned bits, unsigned element) override {
    uint32_t index = static_cast<uint32_t>(&ins - f_.instructions.data());
    LoadKind kind = memory_->classify(index, o_.unwritten_loads);
    if (kind == LoadKind::AfterBarrier) {
      // Race-free: every thread that reads this address here, together,
      // reads the last value stored before the barrier behind them. One
      // function per dynamic occurrence: another occurrence may be in
      // another barrier interval.
      std::string fname = fmt::format("{}memory.shared.barrier.{}.{}", prefix_, step_, bits);
      z3::func_decl mem = c_.function(fname.c_str(), c_.bv_sort(64), c_.bv_sort(bits));
      z3::expr v = mem(address);
      note_imprecise(fname, kSharedAfterBarrierImprecision);
      if (o_.link_shared_stores) v = link_stores(index, address, v, bits, fmt::format("{}.t{}", fname, t));
      record_load(t, ins, element, space, bits, address, v, false);
      return v;
    }
    if (kind == LoadKind::WarpCoherent) {
      // One function of the address per dynamic occurrence, as after a
      // barrier: two lanes of one warp reading one address here read one
      // value. Lanes of two warps need not (a flag one warp acquires may
      // order another thread's write between their reads): the second
      // thread of a two-thread encoding reads the function only where the
      // two are in one warp, as the divergence queries assert.
      std::string fname = fmt::format("{}memory.{}.warp.{}.{}", prefix_, space_name(space), step_, bits);
      z3::func_decl mem = c_.function(fname.c_str(), c_.bv_sort(64), c_.bv_sort(bits));
      const char* why =
          space == ptx::StateSpace::Global ? kWarpCoherentGlobalImprecision : kWarpCoherentGenericImprecision;
      z3::expr v = mem(address);
      if (t > 0 && !o_.whole_warp) {
        // Not a per-thread unknown for the induction and the float results
        // (per_thread()): every question about both lanes together asserts
        // same_warp, where this is the function's value. Marked so, the
        // induction dropped every register it reaches without a query, and
        // the float tests of CUTLASS's epilogue on `beta` (read through
        // `beta_ptr`) stayed "split beyond the unrolled iteration" in
        // example 49's ping-pong, uniform as they are.
        z3::expr own = c_.bv_const(fmt::format("{}load.{}.t{}", prefix_, counter_++, t).c_str(), bits);
        note_imprecise(own, why);
        v = z3::ite(e_.same_warp, v, own);
      }
      note_imprecise(fname, why);
      record_load(t, ins, element, space, bits, address, v, false);
      return v;
    }
    if (kind == LoadKind::PerThread) {
      z3::expr v = fresh(t, bits, "load");
      note_imprecise(v, fmt::format("loads of {} memory the kernel writes", space_name(space)));
      record_load(t, ins, element, space, bits, address, v, false);
      return v;
    }
    // Immutable memory: the same address holds the same value in every thread.
    std::string fname = fmt::format("memory.{}.{}", space_name(space), bits);
    z3::func_decl mem = c_.function(fname.c_str(), c_.bv_sort(64), c_.bv_sort(bits));
    // A replay sets global memory at a witness's addresses, but not .const
    // memory: a split through a .const value is the replay's to confirm.
    if (space == ptx::StateSpace::Const) note_imprecise(fname, "values of .const memory, which a replay cannot set");
    if (space == ptx::StateSpace::Param)
      note_imprecise(fname, "a .param value read through a computed address, which a replay cannot set");
    z3::expr v = mem(address);
    record_load(t, ins, element, space, bits, address, v, true);
    return v;
  }
  std::optional<z3::expr> kernel_param(std::string_view name, int64_t offset, unsigned bits) override {
    if (!f_.is_entry) return std::nullopt;
    for (size_t i = 0; i < f_.params.size(); ++i) {
      const ptx::Variable& p = f_.params[i];
      if (p.name != name) continue;
      unsigned pw = ParameterTerms::bits(p);
      if (pw == 0 || offset < 0 || static_cast<unsigned>(offset) * 8 + bits > pw) return std::nullopt;
      z3::expr v = *params_.term(i);
      return v.extract(static_cast<unsigned>(offset) * 8 + bits - 1, static_cast<unsigned>(offset) * 8);
    }
    return std::nullopt;
  }
  z3::expr opaque(int t, const ptx::Instruction& ins, unsigned bits, const std::string& why, bool uniform) override {
    if (!uniform) {
      z3::expr v = fresh(t, bits, "opaque");
      note_imprecise(v, why);
      return v;
    }
    auto key = std::pair{step_, bits};
    auto it = shared_.find(key);
    if (it != shared_.end()) return it->second;
    z3::expr v = c_.bv_const(fmt::format("{}warp_value.{}.{}", prefix_, step_, ins.pos.line).c_str(), bits);
    note_imprecise(v, why);
    shared_.emplace(key, v);
    return v;
  }
  z3::expr function_of(int t, const ptx::Instruction& ins, const std::vector<z3::expr>& args, unsigned bits,
                       unsigned element, const std::string& why) override {
    uint32_t index = static_cast<uint32_t>(&ins - f_.instructions.data());
    bool texture = ins.op == Opcode::Tex || ins.op == Opcode::Tld4;
    if (texture && memory_->classify(index, o_.unwritten_loads) != LoadKind::ReadOnly)
      return opaque(t, ins, bits, "texture reads of memory the kernel may write", false);
    // Thread 0 runs each step first. A thread whose operands are the same
    // terms as thread 0's gets thread 0's result: one unknown value for the
    // step, like a vote's. Others get thread 0's result where their
    // operands are equal in value, if result_where_equal allows, else a
    // value of their own. (Not one uninterpreted function of the operands:
    // Z3 pays for its congruence in every query of a float-heavy kernel,
    // eight times slower on CUB's histogram kernel, for no verdict.)
    auto key = std::pair{step_, element};
    if (t == 0) {
      z3::expr v = c_.bv_const(fmt::format("{}fn.{}.{}.e{}", prefix_, ins.name, step_, element).c_str(), bits);
      note_imprecise(v, why);
      results_.insert_or_assign(key, std::pair{args, v});
      return v;
    }
    auto it = results_.find(key);
    if (it != results_.end() && it->second.first.size() == args.size()) {
      const auto& [first_args, first_result] = it->second;
      if (std::equal(args.begin(), args.end(), first_args.begin(),
                     [](const z3::expr& a, const z3::expr& b) { return z3::eq(a, b); }))
        return first_result;
      if (std::optional<z3::expr> shared = result_where_equal(t, ins, args, first_args, first_result, bits, why))
        return *shared;
    }
    return fresh_result(t, bits, why);
  }
  // Operands equal in value but not as terms: a value merged from paths
  // each thread takes under guards of its own ids (CUTLASS's `beta`, loaded
  // through a pointer or from a parameter in a warp role's code). Where
  // they are equal, thread 0's result; elsewhere, a value of the thread's
  // own. Only for operands made of values the launch shares (no per-thread
  // unknown, no function result of this thread's own): an ite over such
  // operands took CUB's tests/files/cub module from 17 s to more than 200 s
  // and 4.9 GB. mbarrier waits are excepted: they are few, and a CUTLASS
  // epilogue's phase follows its float test of beta.
  std::optional<z3::expr> result_where_equal(int t, const ptx::Instruction& ins, const std::vector<z3::expr>& args,
                                             const std::vector<z3::expr>& first_args, const z3::expr& first_result,
                                             unsigned bits, const std::string& why) {
    bool waits = ins.op == Opcode::Mbarrier;  // few, and their phase often follows a float test
    z3::expr_vector same(c_);
    for (size_t k = 0; k < args.size(); ++k) {
      if (!z3::eq(args[k].get_sort(), first_args[k].get_sort())) return std::nullopt;
      if (z3::eq(args[k], first_args[k])) continue;
      if (!waits && (per_thread(args[k]) || function_results_.in(args[k]) || function_results_.in(first_args[k])))
        return std::nullopt;
      same.push_back(args[k] == first_args[k]);
    }
    z3::expr own = fresh_result(t, bits, why);
    z3::expr v = z3::ite(z3::mk_and(same), first_result, own);
    function_results_.marked.insert(Z3_get_ast_id(c_, own));
    function_results_.marked.insert(Z3_get_ast_id(c_, v));
    return v;
  }
  z3::expr fresh_result(int t, unsigned bits, const std::string& why) {
    z3::expr v = fresh(t, bits, "fn");
    note_imprecise(v, why);
    function_results_.marked.insert(Z3_get_ast_id(c_, v));
    return v;
  }
  void imprecise(const std::string& symbol, const std::string& why) override { note_imprecise(symbol, why); }
  bool exact_floats() const override { return o_.exact_floats; }
  bool warp_waits_agree() const override { return o_.warp_waits_agree; }
  void uses_float() override { e_.floats = true; }
  void elected(int, const ptx::Instruction&, const z3::expr& leader) override { e_.elected_lanes.push_back(leader); }

  // A shuffle from a constant lane k of a value that is a function of the
  // thread's ids and of what the launch shares (warp_roles.h): lane k's
  // value, that function of lane k's ids (lane k of this thread's warp,
  // its ids taken apart in a concrete block). Lane 0 is in every warp;
  // another lane is only where every warp is whole.
  std::optional<z3::expr> broadcast_from_lane(int t, const z3::expr& own, const z3::expr& lane) {
    uint64_t k = 0;
    if (o_.whole_warp || !launch_.concrete_block || !lane.simplify().is_numeral_u64(k) || k > 31) return std::nullopt;
    uint64_t bx = launch_.block[0], by = launch_.block[1], bz = launch_.block[2];
    if (k != 0 && (bx * by * bz) % 32 != 0) return std::nullopt;
    auto bv = [&](uint64_t v) { return c_.bv_val(v, 32); };
    auto ti = static_cast<size_t>(t);
    // Lane k of thread 0's warp, for both tracked threads: one term, where
    // each thread's own warp gave two that only same_warp makes equal.
    // Every question about both threads together asserts same_warp, where
    // this is exact; a question about thread 1 alone (its disjunct of
    // reachability) gets thread 0's free warp, a superset of its own
    // values; stores, ranges and paths read thread 0 only. With two terms,
    // every value computed from a warp-group index (`__shfl_sync(~0u,
    // threadIdx.x / 128, 0)`) differed between the lanes as terms: the
    // float results of the first pass (function_of) became values of
    // thread 1's own, and CUTLASS's ping-pong consumers, which pick their
    // tile by that index, needed bit-blasted proofs of 3 s each for their
    // epilogue tests (example 49 #5: 72 s of CPU, 30 s with one term).
    z3::expr linear = z3::shl(e_.warp[0], bv(5)) | bv(k);
    z3::expr ids[3] = {z3::urem(linear, bv(bx)), z3::urem(z3::udiv(linear, bv(bx)), bv(by)), z3::udiv(linear, bv(bx * by))};
    std::vector<z3::expr> from, to;
    for (int d = 0; d < 3; ++d) {
      const z3::expr& id = e_.tid[ti][static_cast<size_t>(d)];
      if (!id.is_app() || id.num_args() != 1) return std::nullopt;  // not zext(constant)
      z3::expr narrow_id = id.arg(0);
      from.push_back(narrow_id);
      to.push_back(ids[d].extract(narrow_id.get_sort().bv_size() - 1, 0));
    }
    std::string own_tid = fmt::format("{}tid{}.", prefix_, t);
    auto shared = [&](const std::string& n) {
      auto starts = [&](std::string_view p) { return n.rfind(p, 0) == 0; };
      // The launch's sizes, this CTA's ids, parameters, symbols' addresses
      // and read-only memory (a function of the address): the same for
      // every thread of the block. Loads of written memory, opaque results
      // and other shuffles are not.
      return starts("ntid.") || starts("nctaid.") || starts(prefix_ + "ctaid.") || starts("param.") ||
             starts("address.") || (starts("memory.") && !starts("memory.shared.barrier")) || starts(prefix_ + "cluster.");
    };
    (void)own_tid;
    auto v = value_in_thread(own, from, to, shared);
    if (v) ++e_.exact_broadcasts;
    return v;
  }

  z3::expr other_lane(int t, const ptx::Instruction& ins, const z3::expr& own, const z3::expr& lane) override {
    if (o_.whole_warp) {
      // Every lane's value is tracked: select the source lane's. A lane that
      // is not active at the shuffle gives an undefined value.
      z3::expr v = c_.bv_const(fmt::format("{}inactive_lane.{}.t{}", prefix_, step_, t).c_str(), 32);
      note_imprecise(v, "shuffles from lanes that are not active");
      z3::expr source = lane.simplify();
      uint64_t k = 0;
      if (source.is_numeral_u64(k)) {
        shfl_lane_[static_cast<size_t>(t)] = static_cast<int>(k % n_);
        // The usual case (lane ids are constants here): no selection left.
        z3::expr active = shfl_active_[k % n_].simplify();
        return active.is_true() ? shfl_sources_[k % n_] : z3::ite(active, shfl_sources_[k % n_], v);
      }
      for (unsigned k = 0; k < n_; ++k)
        v = z3::ite(source == c_.bv_val(k, 32), z3::ite(shfl_active_[k], shfl_sources_[k], v), v);
      (void)own;
      (void)ins;
      return v;
    }
    if (auto exact = broadcast_from_lane(t, own, lane)) return *exact;
    std::string fname = fmt::format("{}lane_value.{}", prefix_, step_);
    note_imprecise(fname, kShuffleImprecision);
    z3::func_decl lv = c_.function(fname.c_str(), c_.bv_sort(32), c_.bv_sort(32));
    // Consistency: a lane reads its own value at its own index.
    e_.base.push_back(z3::implies((*current_)[static_cast<size_t>(t)].pc, lv(e_.lane[static_cast<size_t>(t)]) == own));
    (void)ins;
    return lv(lane);
  }

 private:
  static std::string_view space_name(ptx::StateSpace s) {
    std::string_view n = ptx::to_string(s);
    return n.empty() ? "generic" : n;
  }

  z3::expr fresh(int t, unsigned bits, const char* what) {
    z3::expr v = c_.bv_const(fmt::format("{}{}.{}.t{}", prefix_, what, counter_++, t).c_str(), bits);
    note_per_thread(v);
    return v;
  }

  // Held here so that their AST ids are not reused while the encoding lives.
  void note_per_thread(const z3::expr& v) {
    per_thread_unknowns_.marked.insert(Z3_get_ast_id(c_, v));
    per_thread_terms_.push_back(v);
  }

  // Whether a term reads a value chosen freely per thread (a load of
  // written memory, an opaque result, an abstracted loop value, an
  // undefined register). The induction takes such a register as differing
  // without asking: the solver finds that out slowly, and assuming it loses
  // precision only, never soundness.
  bool per_thread(const z3::expr& x) { return per_thread_unknowns_.in(x); }

  z3::expr entry_value(int t, RegId r) {
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
  void note_imprecise(const z3::expr& marker, std::string why) { note_imprecise(marker.decl().name().str(), std::move(why)); }
  void note_imprecise(std::string symbol, std::string why) {
    imprecise_.push_back({std::move(symbol), std::move(why), current_instruction_});
  }
  void settle_imprecision() {
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

  void record_load(int t, const ptx::Instruction& ins, unsigned element, ptx::StateSpace space, unsigned bits,
                   const z3::expr& address, const z3::expr& value, bool immutable) {
    uint32_t index = static_cast<uint32_t>(&ins - f_.instructions.data());
    auto key = std::tuple{step_, index, element};
    auto it = load_slots_.find(key);
    if (it == load_slots_.end()) {
      LoadTerm l;
      l.instruction = index;
      l.space = space;
      l.bits = bits;
      l.immutable = immutable;
      for (unsigned k = 0; k < n_; ++k) {
        l.address.push_back(address);
        l.value.push_back(value);
        l.reach.push_back(c_.bool_val(false));
      }
      e_.loads.push_back(std::move(l));
      it = load_slots_.emplace(key, e_.loads.size() - 1).first;
    }
    LoadTerm& l = e_.loads[it->second];
    auto k = static_cast<size_t>(t);
    l.address[k] = address;
    l.value[k] = value;
    l.reach[k] = (*current_)[k].pc;
  }

  // ---- the launch and the two threads ----
  void model_launch() {
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
  void add_block_shape_lemmas(z3::expr_vector& b) {
    uint64_t most = std::min<uint32_t>(launch_.max_block_threads, 1024);
    for (uint64_t k : {2, 3, 4, 8, 16, 32})
      for (int side = 0; side < 3; ++side)
        for (int other = 0; other < 3; ++other)
          if (side != other)
            b.push_back(z3::implies(z3::uge(e_.ntid[side], c_.bv_val(k, 32)),
                                    z3::ule(e_.ntid[other], c_.bv_val(most / k, 32))));
  }

  // A 32-bit value whose high bits are zero: a `bits`-wide constant, widened.
  z3::expr narrow(const std::string& name, unsigned bits) {
    if (o_.whole_warp) return c_.bv_const(name.c_str(), 32);
    return z3::zext(c_.bv_const(name.c_str(), bits), 32 - bits);
  }

  // ---- loops ----
  void build_loop_tree() {
    const auto& loops = a_.cfg.loops;
    parent_.assign(loops.size(), -1);
    for (size_t i = 0; i < loops.size(); ++i) {
      size_t best = SIZE_MAX;
      for (size_t j = 0; j < loops.size(); ++j) {
        if (i == j || loops[j].blocks.size() <= loops[i].blocks.size()) continue;
        if (!std::binary_search(loops[j].blocks.begin(), loops[j].blocks.end(), loops[i].header)) continue;
        if (best == SIZE_MAX || loops[j].blocks.size() < loops[best].blocks.size()) best = j;
      }
      if (best != SIZE_MAX) parent_[i] = static_cast<int>(best);
    }
    innermost_.assign(a_.cfg.blocks.size(), -1);
    for (size_t i = 0; i < loops.size(); ++i)
      for (uint32_t b : loops[i].blocks)
        if (innermost_[b] < 0 || loops[static_cast<size_t>(innermost_[b])].blocks.size() > loops[i].blocks.size())
          innermost_[b] = static_cast<int>(i);
    if (a_.cfg.irreducible_edges) throw Unsupported("irreducible control flow (a loop with several entries)");
    // Unrolling depth per loop: nests multiply their copies, so a nest of
    // height h unrolls each level u times with (u + 1)^h <= nest_copies.
    std::vector<unsigned> height(loops.size(), 1);
    for (bool changed = true; changed;) {
      changed = false;
      for (size_t i = 0; i < loops.size(); ++i)
        if (int p = parent_[i]; p >= 0 && height[static_cast<size_t>(p)] < height[i] + 1)
          height[static_cast<size_t>(p)] = height[i] + 1, changed = true;
    }
    unroll_.assign(loops.size(), o_.unroll);
    for (size_t i = 0; i < loops.size(); ++i) {
      size_t root = i;
      while (parent_[root] >= 0) root = static_cast<size_t>(parent_[root]);
      unsigned u = 0;
      while (u < o_.unroll && pow_at_most(u + 2, height[root], o_.nest_copies)) ++u;
      unroll_[i] = std::max(u, std::min(o_.unroll, 1u));
    }
  }

  // b^e <= limit, without overflow.
  static bool pow_at_most(uint64_t b, unsigned e, uint64_t limit) {
    uint64_t x = 1;
    for (unsigned k = 0; k < e; ++k)
      if ((x *= b) > limit) return false;
    return true;
  }

  bool in_region(int region, uint32_t block) const {
    if (region < 0) return true;
    const auto& bl = a_.cfg.loops[static_cast<size_t>(region)].blocks;
    return std::binary_search(bl.begin(), bl.end(), block);
  }
  // The node of `region` holding `block`: -1-block for a block directly in
  // the region, else the index of the outermost loop below `region` holding it.
  long node_of(int region, uint32_t block) const {
    int l = innermost_[block];
    if (l == region || l < 0) return -1 - static_cast<long>(block);
    while (parent_[static_cast<size_t>(l)] != region) {
      l = parent_[static_cast<size_t>(l)];
      if (l < 0) return -1 - static_cast<long>(block);
    }
    return l;
  }

  // ---- merging ----
  PairState merge(std::vector<PairState>& in) {
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
  z3::expr any_path(const std::vector<PairState>& in, size_t t) {
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
  uint64_t tree_size(const z3::expr& e) {
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
  z3::expr conjoin(const z3::expr& pc, const z3::expr& cond) {
    bool small = cond.is_app() && cond.num_args() <= 2 && tree_size(cond) < kSimplifyBelowNodes;
    z3::expr k = small ? cond.simplify() : cond;
    if (k.is_true() || pc.is_false()) return pc;
    if (k.is_false()) return k;
    if (pc.is_true()) return k;
    return pc && k;
  }

  z3::expr entry_value_cached(int t, RegId r) {
    auto key = std::pair{t, r};
    auto it = entries_.find(key);
    if (it != entries_.end()) return it->second;
    z3::expr v = entry_value(t, r);
    entries_.emplace(key, v);
    return v;
  }

  // ---- blocks ----
  z3::expr is_true(const z3::expr& p1) { return p1 == c_.bv_val(1, 1); }

  z3::expr guard(int t, const ptx::Instruction& ins) {
    z3::expr g = is_true(reg(t, ins.guard.reg).extract(0, 0));
    return ins.guard.negated ? !g : g;
  }

  void execute(std::vector<ThreadState>& st, const ptx::Instruction& ins) {
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
  struct ReductionStep {
    std::string op;                                     // "" for a shuffle
    std::vector<std::optional<ReductionTag>> tags[2];  // per operand (1, 2), per lane
    std::vector<z3::expr> values[2];
  };

  std::optional<ReductionTag> tag_of(const ThreadState& s, const Operand& o) const {
    if (o.kind != Operand::Kind::Register) return std::nullopt;
    auto it = s.tags.find(o.reg);
    if (it == s.tags.end()) return std::nullopt;
    return it->second;
  }

  std::optional<ReductionStep> before_warp_step(std::vector<ThreadState>& st, const ptx::Instruction& ins) {
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

  void after_warp_step(std::vector<ThreadState>& st, const ptx::Instruction& ins, const std::optional<ReductionStep>& r) {
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

  void spend_budget() {
    budget_exhausted_ = true;
    if (o_.stop_at_budget) throw BudgetSpent{};
  }

  std::vector<Edge> process_block(uint32_t b, PairState st) {
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

  z3::expr Sem32(int t, const Operand& o) {
    if (o.kind == Operand::Kind::Register) {
      z3::expr v = reg(t, o.reg);
      unsigned w = v.get_sort().bv_size();
      return w == 32 ? v : w > 32 ? v.extract(31, 0) : z3::zext(v, 32 - w);
    }
    return c_.bv_val(static_cast<uint64_t>(o.value), 32);
  }

  void record_instance(PairState& st, const ptx::Instruction& ins, uint32_t index) {
    current_ = &st.t;
    BranchInstance inst{index, {}, {}, st.beyond};
    for (int t = 0; t < static_cast<int>(n_); ++t) {
      inst.reach.push_back(st.t[static_cast<size_t>(t)].pc);
      inst.out.push_back(ins.op == Opcode::Brx ? Sem32(t, ins.operands.at(0))
                                               : z3::ite(guard(t, ins), c_.bv_val(1, 1), c_.bv_val(0, 1)));
    }
    e_.instances.push_back(std::move(inst));
  }

  // A store's address and size in thread 0 (the storing thread: any thread
  // of the launch, since its ids are unconstrained but by the launch).
  void record_store(PairState& st, const ptx::Instruction& ins, uint32_t index) {
    current_ = &st.t;
    size_t at = ins.op == Opcode::Atom ? 1 : 0;
    const Operand& a = ins.operands.at(at);
    const Operand& base = a.elements.at(0);
    z3::expr address = (base.kind == Operand::Kind::Register ? widen64(reg(0, base.reg))
                        : base.kind == Operand::Kind::Symbol ? symbol_address(base.text)
                                                             : c_.bv_val(static_cast<uint64_t>(base.value), 64)) +
                       c_.bv_val(static_cast<uint64_t>(a.value), 64);
    // The bytes written: the type's width times the vector's elements (16,
    // the widest, when the type says nothing).
    unsigned bytes = ptx::bit_width(ins.type()) / 8;
    size_t count = ins.op == Opcode::St && ins.operands.size() > 1 && ins.operands[1].kind == Operand::Kind::Vector
                       ? ins.operands[1].elements.size()
                       : 1;
    bytes = bytes ? static_cast<unsigned>(bytes * count) : 16;
    StoreTerm store{index, st.t[0].pc, address, bytes, std::nullopt};
    if (writer_ && ins.op == Opcode::St && count == 1 && ins.operands.size() > 1) {
      // The writer of a shared store: exactly when it stores, and what.
      if (ins.has_guard) store.reach = store.reach && guard(0, ins);
      const Operand& v = ins.operands[1];
      unsigned bits = ptx::bit_width(ins.type());
      std::optional<z3::expr> value;
      if (v.kind == Operand::Kind::Register) value = reg(0, v.reg);
      else if (v.kind == Operand::Kind::Int || v.kind == Operand::Kind::Float)
        value = c_.bv_val(static_cast<uint64_t>(v.value), bits);
      if (value && value->is_bv() && bits > 0) {
        unsigned w = value->get_sort().bv_size();
        store.value = w == bits ? *value : w > bits ? value->extract(bits - 1, 0) : z3::zext(*value, bits - w);
      }
    }
    e_.stores.push_back(std::move(store));
  }

  // The load's value tied to the stores of the interval before its barrier
  // (shared_store_link.h), or `before` where it cannot be.
  z3::expr link_stores(uint32_t load, const z3::expr& address, const z3::expr& before, unsigned bits,
                       const std::string& name) {
    auto stores = o_.link_same_address_stores ? memory_->same_address_stores(load) : memory_->feeding_stores(load);
    if (!stores) return before;
    std::vector<const SharedWriter*> writers;
    for (uint32_t s : *stores) {
      const SharedWriter* w = writer_of(s);
      if (!w || w->value.get_sort().bv_size() != bits) return before;
      writers.push_back(w);
    }
    // For a witness search: one store of the address whose value is the
    // same in every thread of the block (a function of the launch and the
    // CTA, as a tile's item count) is what the load reads, whichever thread
    // stored it (thread 0, which a pair of tracked lanes rarely includes).
    // Not a proof (no thread need have stored it): the solver keeps only
    // the splits of such an encoding, for the replay.
    if (o_.link_same_address_stores) {
      if (writers.size() != 1 || mentions_ids(*writers[0])) return before;
      ++e_.stored_values_read;
      return writers[0]->value;
    }
    return linked_shared_value(writers, address, before, e_.ntid, e_.tid, name, e_.base);
  }

  // The shared store `s` for a symbolic thread of the block (encoded once
  // per encoding), or null where its terms are not functions of the
  // writer's ids alone (shared_store_link.h).
  const SharedWriter* writer_of(uint32_t s) {
    auto it = writers_.find(s);
    if (it != writers_.end()) return it->second ? &*it->second : nullptr;
    std::optional<SharedWriter> w;
    BranchEncodingOptions wo = o_;
    wo.whole_warp = false;
    wo.link_shared_stores = false;
    wo.stop_at_budget = true;
    wo.block_budget = std::min<size_t>(wo.block_budget, kWriterBudget);
    wo.instruction_budget = std::min<size_t>(wo.instruction_budget, kWriterBudget);
    wo.induction_memo = nullptr;
    wo.stats = nullptr;
    std::string prefix = fmt::format("{}writer{}.", prefix_, s);
    // The writer's parameters are this encoding's: one owner for both.
    BranchEncoding we = Executor(c_, m_, f_, a_, {s}, launch_, wo, prefix, true, &params_).run();
    bool valued = std::all_of(we.stores.begin(), we.stores.end(), [](const StoreTerm& st) { return st.value.has_value(); });
    if (we.unsupported.empty() && !we.budget_exhausted && !we.stores.empty() && valued) {
      // One occurrence per path that reaches the store; a thread runs it
      // at most once (it is in no loop), so the paths exclude each other.
      z3::expr reach = we.stores.back().reach, address = we.stores.back().address, value = *we.stores.back().value;
      for (size_t k = we.stores.size() - 1; k-- > 0;) {
        const StoreTerm& o = we.stores[k];
        address = z3::ite(o.reach, o.address, address);
        value = z3::ite(o.reach, *o.value, value);
        reach = o.reach || reach;
      }
      // The writer runs in this encoding's CTA.
      z3::expr_vector cta(c_), here(c_);
      for (size_t d = 0; d < 3; ++d) {
        z3::expr id = we.ctaid[d].arg(0);  // the narrow constant under the zero extension
        cta.push_back(id);
        here.push_back(e_.ctaid[d].extract(id.get_sort().bv_size() - 1, 0));
      }
      SharedWriter candidate{{}, reach.substitute(cta, here), address.substitute(cta, here), value.substitute(cta, here)};
      for (size_t d = 0; d < 3; ++d) candidate.tid.push_back(we.tid[0][d].arg(0));
      if (closed_over_ids(candidate, prefix)) {
        // The variables it stores to take their places in this encoding.
        for (const z3::expr& v : variables_in(candidate.address)) {
          std::string n = v.decl().name().str();
          symbol_address(std::string_view(n).substr(std::string_view("address.").size()));
        }
        w = std::move(candidate);
      }
    }
    auto [at, _] = writers_.emplace(s, std::move(w));
    return at->second ? &*at->second : nullptr;
  }
  // The instructions defining the stores' address registers: the slice of
  // a store's address, not of the value it stores (which may be most of the
  // kernel). Branches the addresses do not depend on are followed both ways,
  // which can only add occurrences.
  std::vector<uint32_t> address_definitions() const {
    std::vector<uint32_t> seeds;
    for (uint32_t i : branches_) {
      const ptx::Instruction& ins = f_.instructions[i];
      size_t at = ins.op == Opcode::Atom ? 1 : 0;
      if (ins.operands.size() <= at || ins.operands[at].kind != Operand::Kind::Address) continue;
      const Operand& base = ins.operands[at].elements.at(0);
      if (base.kind != Operand::Kind::Register) continue;
      for (const analysis::UseDefs& u : a_.defs.uses[i])
        if (u.reg == base.reg)
          for (uint32_t d : u.defs)
            if (d != analysis::kEntryDef) seeds.push_back(d);
    }
    std::sort(seeds.begin(), seeds.end());
    seeds.erase(std::unique(seeds.begin(), seeds.end()), seeds.end());
    return seeds;
  }
  z3::expr widen64(const z3::expr& v) {
    unsigned w = v.get_sort().bv_size();
    return w == 64 ? v : w > 64 ? v.extract(63, 0) : z3::zext(v, 64 - w);
  }

  // Blocks from which control can get to a target branch. Paths that leave
  // them never reach the branch again, so the executor drops them: a branch
  // at the top of a kernel is not followed through every loop below it.
  void find_blocks_reaching_targets() {
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

  // ---- regions ----
  // Runs `region` (a loop index, or -1 for the whole function) from `entry`;
  // edges back to the loop's header go to `back`, edges leaving it are returned.
  std::vector<Edge> run_region(int region, uint32_t entry, PairState in, std::vector<PairState>* back) {
    std::vector<long> order = topological_nodes(region);
    const std::map<long, long>& equivalent = equivalents_.at(region);
    std::map<long, std::vector<PairState>> pending[2];  // [beyond]
    std::map<long, std::vector<z3::expr>> pc_at;        // nodes run with every thread that gets there
    // Per kind of state (unrolled, abstracted): each node's path condition
    // for that kind. Where no loop lies between a node and its equivalent
    // node, no state changes kind on the way, so each kind keeps its own
    // path condition there too.
    std::map<std::pair<long, int>, std::vector<z3::expr>> pc_of_kind;
    const std::set<long>& loop_free = loop_free_equivalents_.at(region);
    pending[in.beyond ? 1 : 0][node_of(region, entry)].push_back(std::move(in));
    std::vector<Edge> exits;
    uint32_t header = region >= 0 ? a_.cfg.loops[static_cast<size_t>(region)].header : kNone;
    for (long node : order) {
      auto eq = equivalent.find(node);
      const std::vector<z3::expr>* same_pc = nullptr;
      if (eq != equivalent.end())
        if (auto at = pc_at.find(eq->second); at != pc_at.end()) same_pc = &at->second;
      // Both kinds of state (from unrolled and from abstracted iterations)
      // with the same registers: one state, as precise as the unrolled one.
      if (same_pc && !pending[0][node].empty() && !pending[1][node].empty()) {
        PairState a = merge(pending[0][node]), b = merge(pending[1][node]);
        bool one = same_registers(a, b);
        pending[0][node] = {std::move(a)};
        pending[1][node].clear();
        if (!one) pending[1][node].push_back(std::move(b));
      }
      // Lanes that left a loop after different numbers of iterations meet
      // here and run on together, one from the unrolled iterations and one
      // from the abstracted ones: the abstracted state holds both kinds, so
      // that a query over every iteration pairs them too. (Kept apart, a
      // branch after a loop was "uniform" where two such lanes split.)
      if (!pending[0][node].empty() && !pending[1][node].empty()) {
        std::vector<PairState> all = pending[0][node];
        for (PairState& s : pending[1][node]) all.push_back(std::move(s));
        PairState mixed = merge(all);
        mixed.beyond = true;
        pending[1][node] = {std::move(mixed)};
      }
      bool whole = pending[0][node].empty() || pending[1][node].empty();
      for (int bucket = 0; bucket < 2; ++bucket) {
        auto it = pending[bucket].find(node);
        if (it == pending[bucket].end() || it->second.empty()) continue;
        PairState st = merge(it->second);
        if (whole) {
          // A node every thread of its equivalent node reaches, in the
          // same iteration, has that node's path condition: the long
          // disjunction of the paths between them says no more.
          if (same_pc)
            for (size_t t = 0; t < n_; ++t) st.t[t].pc = (*same_pc)[t];
          std::vector<z3::expr> pcs;
          for (const ThreadState& ts : st.t) pcs.push_back(ts.pc);
          pc_at.emplace(node, std::move(pcs));
        } else if (eq != equivalent.end() && loop_free.count(node)) {
          // Both kinds arrive (lanes that left a loop before this node
          // after different numbers of iterations): each keeps the path
          // condition it had at the equivalent node. Without this, CUB's
          // histogram sweep carried the disjunctions of sixteen binning
          // diamonds, their divisions included, into every later branch.
          if (auto at = pc_of_kind.find({eq->second, bucket}); at != pc_of_kind.end())
            for (size_t t = 0; t < n_; ++t) st.t[t].pc = at->second[t];
        }
        {
          std::vector<z3::expr> pcs;
          for (const ThreadState& ts : st.t) pcs.push_back(ts.pc);
          pc_of_kind.insert_or_assign({node, bucket}, std::move(pcs));
        }
        std::vector<Edge> outs = node < 0                         ? process_block(static_cast<uint32_t>(-1 - node), std::move(st))
                                 : inert(static_cast<int>(node)) ? pass_through(static_cast<int>(node), std::move(st))
                                                                  : run_loop(static_cast<int>(node), std::move(st));
        for (Edge& e : outs) {
          if (!reaches_target_[e.target]) continue;  // nothing after it can matter
          if (!in_region(region, e.target)) {
            exits.push_back(std::move(e));
          } else if (e.target == header) {
            if (back) back->push_back(std::move(e.state));
          } else {
            long n = node_of(region, e.target);
            pending[e.state.beyond ? 1 : 0][n].push_back(std::move(e.state));
          }
        }
      }
    }
    return exits;
  }

  bool same_registers(const PairState& a, const PairState& b) {
    for (size_t t = 0; t < n_; ++t) {
      const auto& x = a.t[t].regs;
      const auto& y = b.t[t].regs;
      std::set<RegId> keys;
      for (auto& [r, v] : x) keys.insert(r);
      for (auto& [r, v] : y) keys.insert(r);
      for (RegId r : keys) {
        auto i = x.find(r), j = y.find(r);
        z3::expr u = i != x.end() ? i->second : entry_value_cached(static_cast<int>(t), r);
        z3::expr w = j != y.end() ? j->second : entry_value_cached(static_cast<int>(t), r);
        if (!z3::eq(u, w)) return false;
      }
    }
    return true;
  }

  std::vector<long> topological_nodes(int region) {
    auto cached = topo_cache_.find(region);
    if (cached != topo_cache_.end()) return cached->second;
    std::set<long> nodes;
    for (uint32_t b = 0; b < a_.cfg.blocks.size(); ++b)
      if (a_.cfg.reachable[b] && in_region(region, b)) nodes.insert(node_of(region, b));
    uint32_t header = region >= 0 ? a_.cfg.loops[static_cast<size_t>(region)].header : kNone;
    std::map<long, std::set<long>> succ;
    for (uint32_t b = 0; b < a_.cfg.blocks.size(); ++b) {
      if (!nodes.count(node_of(region, b)) || !in_region(region, b)) continue;
      for (uint32_t s : a_.cfg.blocks[b].succs)
        if (in_region(region, s) && s != header && node_of(region, s) != node_of(region, b))
          succ[node_of(region, b)].insert(node_of(region, s));
    }
    std::vector<long> order;
    std::map<long, int> state;
    std::function<void(long)> visit = [&](long n) {
      if (state[n] == 2) return;
      if (state[n] == 1) throw Unsupported("irreducible control flow");
      state[n] = 1;
      for (long s : succ[n]) visit(s);
      state[n] = 2;
      order.push_back(n);
    };
    for (long n : nodes) visit(n);
    std::reverse(order.begin(), order.end());
    topo_cache_[region] = order;
    // Nodes whose paths within one iteration of the region end elsewhere:
    // leaving the region, going back to its header, or leaving the function.
    std::set<long> ends;
    for (uint32_t b = 0; b < a_.cfg.blocks.size(); ++b) {
      if (!nodes.count(node_of(region, b)) || !in_region(region, b)) continue;
      if (a_.cfg.blocks[b].exits) ends.insert(node_of(region, b));
      for (uint32_t s : a_.cfg.blocks[b].succs)
        if (s >= a_.cfg.blocks.size() || !in_region(region, s) || s == header) ends.insert(node_of(region, b));
    }
    long entry = region >= 0 ? node_of(region, header) : node_of(region, 0);
    equivalents_[region] = control_equivalents(order, succ, ends, entry);
    loop_free_equivalents_[region] = loop_free(order, succ, equivalents_[region]);
    return order;
  }

  // The nodes whose equivalent node reaches them through no loop: a state
  // leaves a loop unrolled or abstracted, so only a loop on the way can
  // change the kind of a state between the two.
  static std::set<long> loop_free(const std::vector<long>& order, std::map<long, std::set<long>>& succ,
                                  const std::map<long, long>& equivalent) {
    std::map<long, size_t> index;
    for (size_t i = 0; i < order.size(); ++i) index[order[i]] = i;
    std::set<long> out;
    for (const auto& [node, from] : equivalent) {
      // Nodes on a path from `from` to `node` (topological order bounds
      // the walk): any of them a loop (a node >= 0) rules it out.
      size_t end = index.at(node);
      std::vector<bool> on_way(order.size(), false);
      on_way[index.at(from)] = true;
      bool clear = true;
      for (size_t i = index.at(from); i < end && clear; ++i) {
        if (!on_way[i]) continue;
        if (order[i] >= 0) clear = false;
        for (long s : succ[order[i]])
          if (size_t j = index.at(s); j < end) on_way[j] = true;
      }
      if (clear) out.insert(node);
    }
    return out;
  }

  // For each node of a region's acyclic graph, the first node D (in
  // topological order) that dominates it and that it post-dominates within
  // one iteration: every thread at D gets to it, and only those.
  static std::map<long, long> control_equivalents(const std::vector<long>& order, std::map<long, std::set<long>>& succ,
                                                  const std::set<long>& ends, long entry) {
    size_t n = order.size();
    std::map<long, size_t> index;
    for (size_t i = 0; i < n; ++i) index[order[i]] = i;
    std::vector<std::vector<size_t>> preds(n);
    for (size_t i = 0; i < n; ++i)
      for (long s : succ[order[i]]) preds[index.at(s)].push_back(i);
    // Dominators from the entry; nodes it does not reach have none.
    std::vector<std::vector<bool>> dom(n);
    for (size_t i = 0; i < n; ++i) {
      if (order[i] == entry) {
        dom[i].assign(n, false);
        dom[i][i] = true;
        continue;
      }
      for (size_t p : preds[i]) {
        if (dom[p].empty()) continue;
        if (dom[i].empty()) dom[i] = dom[p];
        else
          for (size_t k = 0; k < n; ++k) dom[i][k] = dom[i][k] && dom[p][k];
      }
      if (!dom[i].empty()) dom[i][i] = true;
    }
    // Post-dominators towards the iteration's end.
    std::vector<std::vector<bool>> pdom(n);
    for (size_t i = n; i-- > 0;) {
      pdom[i].assign(n, false);
      if (!ends.count(order[i])) {
        bool first = true;
        for (long s : succ[order[i]]) {
          const std::vector<bool>& ps = pdom[index.at(s)];
          if (first) pdom[i] = ps, first = false;
          else
            for (size_t k = 0; k < n; ++k) pdom[i][k] = pdom[i][k] && ps[k];
        }
      }
      pdom[i][i] = true;
    }
    std::map<long, long> out;
    for (size_t x = 0; x < n; ++x) {
      if (dom[x].empty()) continue;
      for (size_t d = 0; d < x; ++d)
        if (dom[x][d] && pdom[d][x]) {
          out.emplace(order[x], order[d]);
          break;
        }
    }
    return out;
  }

  // Registers the loop writes whose value at its header is read before
  // being written again: the values carried around it. (A temporary the
  // body writes before reading needs no abstraction and no induction.)
  std::vector<RegId> carried_registers(int loop) {
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
  void find_live_registers() {
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

  PairState abstract_state(int loop, PairState st, const std::set<RegId>& uniform) {
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
  z3::solver& induction_solver() {
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
  bool abstracted_question(const z3::expr& q) {
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
  z3::expr as_asked(const z3::expr& q, bool abstract) {
    if (!abstract) return q;
    if (!induction_lazy_) induction_lazy_.emplace(c_);
    return induction_lazy_->abstract_into(q, *induction_, induction_axioms_);
  }
  // What the induction solver holds (the launch and the lane facts when it
  // was made), fingerprinted: the part of a memo key every question shares.
  const std::string& induction_solver_key() {
    if (!induction_key_) {
      induction_key_.emplace();
      for (const z3::expr& a : induction_solver().assertions()) *induction_key_ += fingerprints_.of(a).text();
      *induction_key_ += "|";
    }
    return *induction_key_;
  }
  z3::check_result check_induction(const z3::expr& q, std::optional<z3::model>* model = nullptr) {
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
  bool unsat(const z3::expr& q) { return check_induction(q) == z3::unsat; }

  // The candidates no two active tracked threads can hold different values
  // of in `st`. One query asks whether any of them can differ; each model
  // removes every candidate it shows differing, so mostly-equal and
  // mostly-different sets both take few queries. A timeout falls back to
  // one query per remaining candidate.
  // The same question, asked by another encoding of the kernel, is
  // answered from o_.induction_memo.
  std::set<RegId> never_differ(const PairState& st, const std::set<RegId>& candidates) {
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
  std::optional<z3::expr> differs(const PairState& st, RegId r) {
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
  std::set<RegId> uniform_registers(int loop, const PairState& in) {
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

  // A loop with no slice instruction and no target branch changes nothing
  // the branches depend on, and none of its branches decides which thread
  // leaves where: every exit gets the state it was entered with. (Running it
  // would unroll it for nothing and mark all that follows as "beyond".)
  bool inert(int loop) {
    auto [it, fresh] = inert_.try_emplace(loop, true);
    if (!fresh) return it->second;
    for (uint32_t b : a_.cfg.loops[static_cast<size_t>(loop)].blocks)
      for (uint32_t i = a_.cfg.blocks[b].first; i < a_.cfg.blocks[b].end; ++i)
        if (in_slice_[i] || is_target_[i]) return it->second = false;
    return true;
  }
  std::vector<Edge> pass_through(int loop, const PairState& in) {
    std::vector<Edge> exits;
    std::set<uint32_t> targets;
    for (uint32_t b : a_.cfg.loops[static_cast<size_t>(loop)].blocks)
      for (uint32_t s : a_.cfg.blocks[b].succs)
        if (s < a_.cfg.blocks.size() && !in_region(loop, s) && targets.insert(s).second) exits.push_back({s, in});
    return exits;
  }

  std::vector<Edge> run_loop(int loop, PairState in) {
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

  z3::context& c_;
  const ptx::Module& m_;
  const ptx::Function& f_;
  const analysis::FunctionAnalysis& a_;
  std::vector<uint32_t> branches_;
  std::vector<bool> is_target_;
  const LaunchSpec& launch_;
  const BranchEncodingOptions& o_;
  std::string prefix_;  // of every name the encoding makes up, but the launch's and the parameters'
  // The kernel's parameter terms: this encoding's own, or (a shared store's
  // writer) the encoding's that asked for it.
  std::optional<ParameterTerms> own_params_;
  ParameterTerms& params_;
  std::optional<MemoryModel> memory_;
  bool stores_mode_ = false;  // the targets are stores: record their addresses
  std::set<std::string> cluster_named_;                   // cluster registers cluster_value has named
  std::set<std::string> placed_;                          // symbols symbol_address has named
  std::vector<std::pair<z3::expr, uint64_t>> shared_placed_;  // .shared ones: address, size
  bool writer_ = false;       // ... and their values and guards: the writer of a shared store
  std::map<uint32_t, std::optional<SharedWriter>> writers_;  // writer_of's, by store
  // Block visits and instructions for a shared store's writer: beyond
  // them its encoding holds abstracted loops, which the link cannot use.
  static constexpr size_t kWriterBudget = 4000;
  // Guards of at least this many nodes (as a tree) are conjoined to the
  // path condition unsimplified (conjoin).
  static constexpr uint64_t kSimplifyBelowNodes = 4096;
  unsigned n_;  // tracked threads
  BranchEncoding e_;
  analysis::BranchSlice slice_;
  std::vector<bool> in_slice_;
  std::vector<int> parent_, innermost_;
  std::vector<unsigned> unroll_;  // per loop
  std::map<int, std::vector<long>> topo_cache_;
  std::map<int, bool> inert_;
  std::map<int, std::map<long, long>> equivalents_;  // per region: node -> its control-equivalent node
  std::map<int, std::set<long>> loop_free_equivalents_;  // per region: loop_free()
  // The last models of sat induction queries, tried on each new query first.
  static constexpr size_t kInductionModels = 8;
  static constexpr unsigned kInductionClockLimitMs = 1000;
  uint64_t induction_spent_ = 0;  // Z3 resource units the induction solver has used
  std::vector<z3::model> induction_models_;
  MarkedReads per_thread_unknowns_;          // values chosen per thread
  std::vector<z3::expr> per_thread_terms_;   // ... the terms, kept alive
  // function_of's results of a thread's own (not thread 0's, which both
  // threads may share).
  MarkedReads function_results_;
  std::map<int, std::vector<RegId>> carried_;
  std::vector<std::vector<RegId>> live_in_;  // per block, sorted
  std::vector<ThreadState>* current_ = nullptr;
  std::vector<z3::expr> exists_;                   // per tracked thread: the block has it
  std::vector<z3::expr> shfl_sources_, shfl_active_;  // the shuffle being executed, per lane
  std::vector<int> shfl_lane_;                        // its source lane when a constant, else -1
  WarpReductions reductions_{c_};
  std::optional<z3::solver> induction_;
  std::optional<LazyArithmetic> induction_lazy_;  // where the induction's base is abstracted
  size_t induction_axioms_ = 0;                   // induction_lazy_'s axioms the solver has
  bool wide_products_ = false;                    // multiplies_into_128_bits(m_)
  bool base_abstracted_ = false;                  // the induction solver's base holds 128-bit products
  std::optional<std::string> induction_key_;  // induction_solver_key()
  smt::Fingerprinter fingerprints_;
  smt::QueryFingerprinter canonical_;  // the induction's questions, for kept answers
  double induction_ms_ = 0;  // spent by the induction queries so far
  std::vector<bool> reaches_target_;  // per block
  std::map<std::pair<int, RegId>, z3::expr> entries_;
  std::unordered_map<unsigned, uint64_t> tree_sizes_;  // tree_size's, by Z3 AST id
  std::map<std::pair<size_t, unsigned>, z3::expr> shared_;
  // function_of: per (step, result element), thread 0's operands and result.
  std::map<std::pair<size_t, unsigned>, std::pair<std::vector<z3::expr>, z3::expr>> results_;
  std::map<std::tuple<size_t, uint32_t, unsigned>, size_t> load_slots_;  // (step, instruction, element)
  std::vector<BranchEncoding::ImpreciseSymbol> imprecise_;  // marker constant, why, instruction
  uint32_t current_instruction_ = BranchEncoding::kNoInstruction;  // the instruction execute() runs
  size_t step_ = 0, counter_ = 0, visits_ = 0;
  bool recording_ = true, budget_exhausted_ = false;
  size_t executed_ = 0;  // slice instructions executed (all tracked threads at once)
  int analysing_ = 0;
};

}  // namespace

BranchEncoding encode_branch(z3::context& ctx, const ptx::Module& m, const ptx::Function& f,
                             const analysis::FunctionAnalysis& a, uint32_t branch, const LaunchSpec& launch,
                             const BranchEncodingOptions& options) {
  return Executor(ctx, m, f, a, {branch}, launch, options).run();
}

BranchEncoding encode_stores(z3::context& ctx, const ptx::Module& m, const ptx::Function& f,
                             const analysis::FunctionAnalysis& a, const std::vector<uint32_t>& stores,
                             const LaunchSpec& launch, const BranchEncodingOptions& options) {
  return Executor(ctx, m, f, a, stores, launch, options, "store.").run();
}

BranchEncoding encode_branches(z3::context& ctx, const ptx::Module& m, const ptx::Function& f,
                               const analysis::FunctionAnalysis& a, const std::vector<uint32_t>& branches,
                               const LaunchSpec& launch, const BranchEncodingOptions& options) {
  return Executor(ctx, m, f, a, branches, launch, options).run();
}

const char* const kShuffleImprecision = "values shuffled from other lanes";
const char* const kAbstractedLoopImprecision = "values of loop iterations past the unrolled ones (abstracted)";
const char* const kSharedAfterBarrierImprecision =
    "shared memory read after a barrier (race-free: what was stored before it)";
const char* const kWarpCoherentGlobalImprecision =
    "loads of global memory the kernel writes (race-free: one value where lanes read one address together)";
const char* const kWarpCoherentGenericImprecision =
    "loads of generic memory the kernel writes (race-free: one value where lanes read one address together)";

std::vector<z3::expr> instance_terms(const BranchEncoding& e) {
  std::vector<z3::expr> out;
  for (const BranchInstance& i : e.instances) {
    out.insert(out.end(), i.reach.begin(), i.reach.end());
    out.insert(out.end(), i.out.begin(), i.out.end());
  }
  return out;
}

z3::expr split_at(const BranchEncoding& e, const BranchInstance& i) {
  z3::context& c = e.base.ctx();
  if (e.threads == 2) return i.reach[0] && i.reach[1] && i.out[0] != i.out[1];
  // Some active lane has outcome v and another active lane a different one.
  z3::expr pick = c.constant(fmt::format("outcome.{}", i.branch).c_str(), i.out[0].get_sort());
  z3::expr_vector same(c), other(c);
  for (size_t t = 0; t < i.reach.size(); ++t) {
    same.push_back(i.reach[t] && i.out[t] == pick);
    other.push_back(i.reach[t] && i.out[t] != pick);
  }
  return z3::mk_or(same) && z3::mk_or(other);
}

}  // namespace warpsat

