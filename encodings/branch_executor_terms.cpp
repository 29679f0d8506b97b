// What the instruction semantics read from the executor (TermSource,
// ptx_semantics.h): registers, special and cluster registers, symbols'
// addresses, loads by kind of memory, function results and shuffles.
#include "encodings/branch_executor.h"

#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "encodings/warp_roles.h"

namespace warpsat::branch_detail {

using ptx::Opcode;
using ptx::Operand;
using ptx::RegId;

namespace {

std::string_view space_name(ptx::StateSpace s) {
  std::string_view n = ptx::to_string(s);
  return n.empty() ? "generic" : n;
}

}  // namespace

z3::expr Executor::reg(int t, RegId r) {
  ThreadState& s = (*current_)[static_cast<size_t>(t)];
  auto it = s.regs.find(r);
  if (it != s.regs.end()) return it->second;
  z3::expr v = entry_value(t, r);
  s.regs.emplace(r, v);
  return v;
}

void Executor::set_reg(int t, RegId r, const z3::expr& v) {
  ThreadState& s = (*current_)[static_cast<size_t>(t)];
  s.regs.insert_or_assign(r, v);
}

z3::expr Executor::special(int t, const Operand& o) {
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
z3::expr Executor::cluster_value(const Operand& o) {
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

z3::expr Executor::symbol_address(std::string_view name) {
  z3::expr a = c_.bv_const(fmt::format("address.{}", name).c_str(), 64);
  if (placed_.insert(std::string(name)).second) place_shared(name, a);
  return a;
}

// A .shared variable of known size lies within the 32-bit shared window,
// at its alignment, apart from every other one the encoding names: the
// stores the link ties loads to write one variable and not another.
void Executor::place_shared(std::string_view name, const z3::expr& a) {
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

z3::expr Executor::load(int t, const ptx::Instruction& ins, ptx::StateSpace space, const z3::expr& address,
                        unsigned bits, unsigned element) {
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

std::optional<z3::expr> Executor::kernel_param(std::string_view name, int64_t offset, unsigned bits) {
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

z3::expr Executor::opaque(int t, const ptx::Instruction& ins, unsigned bits, const std::string& why, bool uniform) {
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

z3::expr Executor::function_of(int t, const ptx::Instruction& ins, const std::vector<z3::expr>& args, unsigned bits,
                               unsigned element, const std::string& why) {
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
std::optional<z3::expr> Executor::result_where_equal(int t, const ptx::Instruction& ins,
                                                     const std::vector<z3::expr>& args,
                                                     const std::vector<z3::expr>& first_args,
                                                     const z3::expr& first_result, unsigned bits,
                                                     const std::string& why) {
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

z3::expr Executor::fresh_result(int t, unsigned bits, const std::string& why) {
  z3::expr v = fresh(t, bits, "fn");
  note_imprecise(v, why);
  function_results_.marked.insert(Z3_get_ast_id(c_, v));
  return v;
}

// A shuffle from a constant lane k of a value that is a function of the
// thread's ids and of what the launch shares (warp_roles.h): lane k's
// value, that function of lane k's ids (lane k of this thread's warp,
// its ids taken apart in a concrete block). Lane 0 is in every warp;
// another lane is only where every warp is whole.
std::optional<z3::expr> Executor::broadcast_from_lane(int t, const z3::expr& own, const z3::expr& lane) {
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

z3::expr Executor::other_lane(int t, const ptx::Instruction& ins, const z3::expr& own, const z3::expr& lane) {
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

void Executor::record_load(int t, const ptx::Instruction& ins, unsigned element, ptx::StateSpace space, unsigned bits,
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

}  // namespace warpsat::branch_detail
