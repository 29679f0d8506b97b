#include "solver/branch_analysis.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <map>
#include <set>
#include <tuple>
#include <unordered_set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "encodings/query_timer.h"
#include "encodings/branch_view.h"
#include "encodings/fp_terms.h"
#include "encodings/induction_memo.h"
#include "encodings/memory_model.h"
#include "encodings/smt_helpers.h"
#include "encodings/term_fingerprint.h"
#include "frontend/analysis/cfg.h"
#include "frontend/analysis/thread_variance.h"
#include "frontend/kernel_params.h"
#include "frontend/periodic_ranges.h"
#include "solver/pinned_query.h"
#include "solver/query_runner.h"
#include "solver/query_session.h"
#include "solver/thread_evaluation.h"
#include "solver/uniform_abstraction.h"
#include "solver/witness_windows.h"

namespace warpsat {

const char* to_string(BranchVerdict v) {
  switch (v) {
    case BranchVerdict::Uniform: return "uniform";
    case BranchVerdict::Divergent: return "divergent";
    case BranchVerdict::Unknown: return "unknown";
    case BranchVerdict::Unreachable: return "unreachable";
  }
  return "?";
}

std::vector<std::string> describe_assumptions(const ptx::Function& k, const BranchOptions& o) {
  const LaunchSpec& l = o.launch;
  std::vector<std::string> out;
  out.push_back(l.concrete_block ? fmt::format("block = {}x{}x{}", l.block[0], l.block[1], l.block[2])
                                 : "block: any shape the hardware allows (x, y <= 1024, z <= 64, x*y*z <= 1024)");
  out.push_back(l.concrete_grid ? fmt::format("grid = {}x{}x{}", l.grid[0], l.grid[1], l.grid[2])
                                : "grid: any (x < 2^31, y, z <= 65535)");
  for (size_t i = 0; i < l.param_values.size() && i < k.params.size(); ++i)
    if (l.param_values[i]) out.push_back(fmt::format("{} = {}", k.params[i].name, *l.param_values[i]));
  for (const Assumption& a : l.assumptions) out.push_back(a.text);
  out.push_back("kernel parameters are the same in every thread; memory the kernel never writes (and memory it "
                "reads through ld.global.nc, ldu, .const or textures) holds the same value at the same address for "
                "every thread");
  if (o.encoding.race_free)
    out.push_back("the kernel is free of data races: a shared-memory load after a block-wide barrier reads what was "
                  "stored before it, the same in every thread; two lanes of a warp that load one address of memory "
                  "the kernel writes at the same point read the same value (--no-race-free drops this)");
  if (o.encoding.undefined_registers_shared)
    out.push_back("a register read before it is written (an uninitialised variable, which a well-defined source never "
                  "lets decide a branch) holds one value in every thread (--undefined-per-thread drops this)");
  if (o.encoding.warp_waits_agree)
    out.push_back("the lanes of a warp that execute one mbarrier.try_wait or test_wait together, on the same barrier "
                  "and phase, see the same result, as the hardware tests a barrier once per warp instruction (the PTX "
                  "ISA does not promise it; --no-warp-waits drops this)");
  return out;
}

namespace {

uint64_t value_of(const z3::model& m, const z3::expr& e) {
  z3::expr v = m.eval(e, true);
  uint64_t out = 0;
  if (v.is_numeral_u64(out)) return out;
  if (v.is_bool()) return v.is_true() ? 1 : 0;
  return 0;
}

// The whole-warp retry's per-query timeout, and the time per kernel for
// such retries, in multiples of --timeout-ms (5 s at the default 2 s; a
// longer timeout, such as a loaded machine's tests ask for, stretches the
// budgets with it): 32 lanes make encodings 16
// times larger, and CUB's select kernel spent 12 minutes on them. On both
// CUB files no retry changed a verdict (20 whole-warp splits, each still
// inexact, that the replays settled as the two-lane ones would have), and
// with 30 s a kernel they took 41 s, 30 s of it on two in the select sweep;
// with 10 s and four times the timeout, 14 s on those two (each a split
// after 6 s on Z3's default solver, the two-lane verdict's already).
constexpr unsigned kWholeWarpTimeoutScale = 2;
constexpr double kWholeWarpBudgetTimeouts = 2.5;
// A kernel's time in queries without an answer, in multiples of
// --timeout-ms (4 s at the default), before the rest get a third of the
// quick try alone (QueryRunner), and no every-shape retry after a 1-D query
// without an answer, reachability query or whole-warp retry: CUB's select
// sweep spent 27 s of its 45 s in queries on unknowns.
constexpr double kNoAnswerBudgetTimeouts = 2;
// The exact divergence query bit-blasted (proved_bitblasted): its resource
// units (CUTLASS's INT8 ping-pong epilogue tests: 3.0 million, 1.1 s), a
// clock limit in multiples of --timeout-ms against a stalled check only,
// and the tries per kernel that prove nothing before it gets no more.
constexpr unsigned kBitblastRlimit = 6000000;
constexpr unsigned kBitblastClockScale = 20;
constexpr size_t kMaxBitblastFailures = 10;  // also the outcomes-alone and shared-value retries'
constexpr size_t kBitblastFailuresBeforeAProof = 3;
// Loop iterations unrolled by the first encoding of a branch (the full
// depth, --unroll, only when a split shows beyond them).
constexpr unsigned kFirstUnroll = 1;
// The first encoding's queries (when it abstracted loops) give up sooner: the
// full depth is tried next anyway.
constexpr unsigned kShallowTimeoutMs = 500;
// Loads per branch that an `unwritten` query is asked for, and each one's
// budget: the addresses are simple sums, proved in milliseconds or not at all.
constexpr size_t kMaxUnwrittenQueries = 4;
constexpr unsigned kUnwrittenTimeoutMs = 200;
// The encoding of a kernel's stores for the `unwritten` queries: past these
// budgets it is given up (it holds every store at every occurrence).
constexpr size_t kStoreBlockBudget = 2000;
constexpr size_t kStoreInstructionBudget = 2000;
// `unwritten` queries in a row not proved before a kernel is asked no more.
constexpr size_t kMaxUnwrittenFailures = 8;
// Time per kernel for `unwritten` tries (the stores' encoding and the
// queries), after which none is made: encoding the stores of a large kernel
// anew for each branch costs seconds.
constexpr double kUnwrittenBudgetMs = 2000;
// The quick try of a query that is mostly a proof (every block shape, once
// 1-D blocks are proved): a tenth of kQuickRlimit, about 20 ms.
constexpr unsigned kProofQuickRlimit = kQuickRlimit / 10;
// Reachability queries in a row without an answer before a kernel is asked
// no more (its branches are uniform with reachability left open).
constexpr size_t kMaxReachabilityFailures = 3;
// Floating-point operations on a branch's occurrences beyond which the
// exact-float pass does not try it (too_many_floats).
constexpr size_t kMaxExactFloatOperations = 16;

z3::expr any_of(z3::context& c, const std::vector<z3::expr>& xs) {
  if (xs.size() == 1) return xs[0];
  z3::expr_vector v(c);
  for (const auto& x : xs) v.push_back(x);
  return v.empty() ? c.bool_val(false) : z3::mk_or(v);
}

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

// The maximal intervals of [0, n) on which a code is constant: `code_at(i)`
// gives the code of index i (nullopt: no answer), `constant_on(lo, hi, c)`
// whether all of [lo, hi) has code c. Galloping then bisection keeps the
// queries logarithmic in each interval's length. At most `cap` intervals;
// `complete` says whether they cover [0, n).
struct Interval {
  uint64_t begin, end;
  uint64_t code;
};
template <class CodeAt, class ConstantOn>
std::vector<Interval> intervals(uint64_t n, size_t cap, CodeAt code_at, ConstantOn constant_on, bool& complete) {
  std::vector<Interval> out;
  complete = false;
  uint64_t lo = 0;
  while (lo < n) {
    if (out.size() >= cap) return out;
    std::optional<uint64_t> code = code_at(lo);
    if (!code) return out;
    uint64_t good = lo + 1, step = 1;
    while (good < n) {
      uint64_t next = std::min(n, good + step);
      if (!constant_on(lo, next, *code)) break;
      good = next;
      step *= 2;
    }
    uint64_t bad = std::min(n, good + step);
    if (good < n)
      while (bad - good > 1) {
        uint64_t mid = good + (bad - good) / 2;
        (constant_on(lo, mid, *code) ? good : bad) = mid;
      }
    out.push_back({lo, good, *code});
    lo = good;
  }
  complete = true;
  return out;
}

// Whether a branch's slice reads the CTA index or the grid's size: then
// its outcome is a function of the global thread index, not the block's.
bool uses_cta(const ptx::Function& f, const analysis::FunctionAnalysis& a, const std::vector<uint32_t>& branches) {
  for (uint32_t b : branches) {
    analysis::BranchSlice sl = analysis::slice_branch(f, a, b);
    if (sl.leaves.ctaid || sl.leaves.nctaid) return true;
  }
  return false;
}

// The warps (CTA linear id, warp in the block) whose threads reach the
// branch and go more than one way, each once. Every interval that meets a
// warp without covering it wholly has its first or its last thread in that
// warp, so those two threads' warps are the only ones to look at ("not
// reached" threads between two outcomes included).
std::vector<std::pair<uint64_t, uint32_t>> splitting_warps(const std::vector<Range>& ranges, uint64_t threads,
                                                           bool global) {
  std::map<std::pair<uint64_t, uint32_t>, std::set<std::string>> outcomes;
  auto warp_of = [&](uint64_t i) {
    uint64_t cta = global ? i / threads : 0, t = global ? i % threads : i;
    return std::pair{cta, static_cast<uint32_t>(t / 32)};
  };
  for (const Range& r : ranges) {
    if (r.outcome == "not reached" || r.end <= r.begin) continue;
    outcomes[warp_of(r.begin)].insert(r.outcome);
    outcomes[warp_of(r.end - 1)].insert(r.outcome);
  }
  std::vector<std::pair<uint64_t, uint32_t>> split;
  for (const auto& [warp, seen] : outcomes)
    if (seen.size() > 1) split.push_back(warp);
  return split;
}

std::vector<std::pair<uint64_t, uint64_t>> interval_pairs(const std::vector<Range>& ranges) {
  std::vector<std::pair<uint64_t, uint64_t>> out;
  for (const Range& r : ranges) out.emplace_back(r.begin, r.end);
  return out;
}

// The outcomes of every branch occurrence (0 not reached, 1 taken, 2 not
// taken) for each thread index of a concrete launch, evaluated
// (evaluate_per_thread): where every parameter is a numeral and nothing
// free (a loaded value) enters them, each becomes a numeral. One
// simplification per thread instead of interval queries per path; the
// caller confirms each path with one query. Nothing when some thread's
// outcome is not a numeral (the queries decide then).
z3::expr occurrence_code(z3::context& c, const BranchInstance& i) {
  return z3::ite(!i.reach[0], c.bv_val(0, 2), z3::ite(i.out[0] == c.bv_val(1, 1), c.bv_val(1, 2), c.bv_val(2, 2)));
}

std::optional<std::vector<std::vector<int>>> evaluated_outcomes(z3::context& c, const BranchEncoding& e,
                                                                const LaunchSpec& l, bool global, uint64_t n) {
  z3::expr_vector terms(c);
  for (const BranchInstance& i : e.instances) terms.push_back(occurrence_code(c, i));
  std::optional<std::vector<std::vector<uint64_t>>> codes = evaluate_per_thread(c, e, l, global, n, terms);
  if (!codes) return std::nullopt;
  std::vector<std::vector<int>> out;
  out.reserve(codes->size());
  for (const std::vector<uint64_t>& row : *codes) out.emplace_back(row.begin(), row.end());
  return out;
}

constexpr const char* kUniformByDependence =
    "proved from dependences alone: no value it tests can differ between two lanes of a warp "
    "(thread-variance analysis)";

// The thread-variance analysis under the options' assumptions, race freedom
// as given; empty with --no-thread-variance.
analysis::ThreadVariance variance_under(const ptx::Function& f, const analysis::FunctionAnalysis& a,
                                        const BranchOptions& o, bool race_free) {
  if (!o.thread_variance) return {};
  return analysis::thread_variance(f, a,
                                   {.race_free = race_free,
                                    .undefined_registers_shared = o.encoding.undefined_registers_shared,
                                    .warp_waits_agree = o.encoding.warp_waits_agree});
}

class BranchSolver {
 public:
  BranchSolver(const ptx::Module& m, const ptx::Function& f, const analysis::FunctionAnalysis& a,
               const BranchOptions& o, const SeenRuns* seen = nullptr, AfterVerdict after = {})
      : m_(m),
        f_(f),
        a_(a),
        o_(o),
        memory_(m, f, a, o.encoding.race_free),
        pointer_fields_(struct_pointer_fields(m, f, a.defs)),
        variance_(variance_under(f, a, o, o.encoding.race_free)),
        variance_without_races_(o.encoding.race_free ? variance_under(f, a, o, false) : analysis::ThreadVariance{}),
        seen_(seen),
        after_(std::move(after)) {}
  BranchSolver(const BranchSolver&) = delete;  // encodings point at its induction memo
  BranchSolver& operator=(const BranchSolver&) = delete;

  // The parameter values thread ranges hold for (choose_parameters).
  void pin_parameters(std::vector<std::optional<uint64_t>> values) { chosen_ = std::move(values); }

  // The kernel's branches on shared encodings of their slices' union
  // (docs/branches.md, "One encoding per kernel"): the loops' inductions and
  // the `unwritten` queries run once per group instead of once per branch.
  // A union that ran past the encoding's budgets, or could not be built,
  // falls back to one encoding per branch.
  //
  // A branch the emulator already saw split is divergent with that run as
  // its witness: it is not encoded at all (unless the options ask for the
  // encoding to confirm the split), and the union the other branches share
  // is smaller for it.
  std::vector<BranchResult> solve_kernel(const std::vector<uint32_t>& all) {
    std::vector<uint32_t> branches;
    std::vector<BranchResult> out;
    for (uint32_t b : all) {
      if (uniform_by_dependence(b)) {
        BranchResult& r = out.emplace_back(result_for(b));
        r.verdict = BranchVerdict::Uniform;
        r.reason = kUniformByDependence;
        r.imprecision = race_free_reads(b);
        settled(r);
      } else if (!o_.confirm_seen_splits && seen_ && seen_->splits.count(b) && f_.instructions[b].op != ptx::Opcode::Brx &&
          !guarded_by_elect(b)) {
        BranchResult& r = out.emplace_back(seen_result(b));
        seen_ranges(r);
        settled(r);
      } else
        branches.push_back(b);
    }
    for (BranchResult& r : solve_unseen(branches)) out.push_back(std::move(r));
    std::sort(out.begin(), out.end(), [](const BranchResult& x, const BranchResult& y) { return x.instruction < y.instruction; });
    return out;
  }

  // Uniform by the thread-variance analysis alone, where that is the whole
  // answer: a run reached the branch (so "unreachable" is not the better
  // one), and no concrete launch asks for its thread ranges (the branch may
  // still part the CTA's warps). A replay checks it as any other verdict;
  // a run that saw it split makes that a contradiction.
  bool uniform_by_dependence(uint32_t b) const {
    return proved_by_dependence(b) && seen_ && seen_->reached.count(b) &&
           !(o_.launch.concrete_block && o_.launch.concrete_grid && o_.max_ranges > 0);
  }
  // The analysis ran (not --no-thread-variance) and proves the branch.
  bool proved_by_dependence(uint32_t b) const { return !variance_.divergent.empty() && variance_.uniform(b); }

  // The loads a proof by dependence read as race-free (where it needs
  // them: the analysis without that assumption does not prove the branch),
  // named as the encoding names them, so that a race --racecheck finds
  // makes the verdict conditional as it makes the solver's.
  std::vector<std::string> race_free_reads(uint32_t b) const {
    std::set<std::string> why;
    const std::vector<uint32_t>* slice = own_slice(b);
    if (!o_.encoding.race_free || variance_without_races_.uniform(b) || !slice) return {};
    for (uint32_t i : *slice) {
      const ptx::Instruction& ins = f_.instructions[i];
      if (ins.op != ptx::Opcode::Ld || variance_.varying[i] || !variance_without_races_.varying[i]) continue;
      std::optional<ptx::StateSpace> space = ins.space();
      why.insert(space == ptx::StateSpace::Shared   ? kSharedAfterBarrierImprecision
                 : space == ptx::StateSpace::Global ? kWarpCoherentGlobalImprecision
                                                    : kWarpCoherentGenericImprecision);
    }
    return {why.begin(), why.end()};
  }

  // The thread ranges of a concrete launch for a branch whose split the
  // emulator saw: its verdict needs no query, its ranges an encoding.
  void seen_ranges(BranchResult& r) {
    if (!o_.launch.concrete_block || !o_.launch.concrete_grid || o_.max_ranges == 0 || chosen_.empty()) return;
    auto start = std::chrono::steady_clock::now();
    TimedContext context(o_.encoding.stats, "free Z3 context (one branch)", o_.keep_contexts_below_bytes);
    z3::context& c = context.c;
    BranchEncodingOptions eo = encoding_options();
    // The chosen values as numerals, as a launch file's: Z3 simplifies
    // them away before the interval queries.
    LaunchSpec pinned = o_.launch;
    pinned.param_values = chosen_;
    BranchEncoding e = encode_branch(c, m_, f_, a_, r.instruction, pinned, eo);
    r.encode_ms += record_encode(start);
    if (!e.unsupported.empty() || e.budget_exhausted) return;
    QuerySession session(c, e.base, o_.solver.random_seed, kQuickRlimit, defer_bases(), o_.lazy_divisions);
    QueryRunner q = runner(c, r, e, 0, &session);
    ranges(c, e, q, r);
    r.solve_ms += elapsed_ms(start);
  }

  // Whether elect.sync feeds the branch: such a split the emulator saw is
  // still encoded, to ask whether it is the elected lane's alone.
  bool guarded_by_elect(uint32_t branch) const {
    analysis::BranchSlice slice = analysis::backward_closure(f_, a_, {branch});
    return std::any_of(slice.instructions.begin(), slice.instructions.end(),
                       [&](uint32_t i) { return f_.instructions[i].op == ptx::Opcode::Elect; });
  }

  // "One elected lane" (encodings/warp_roles.h): where every elect.sync of
  // the slice elects the same constant lane L and no split leaves lane L
  // out (both lanes of every split other than L: unsat), the warp splits
  // into its elected lane and the rest, by design.
  void ask_elected(z3::context& c, const BranchEncoding& e, QueryRunner& q, BranchResult& r,
                   const z3::expr_vector& pair, const std::vector<z3::expr>& any) {
    if (e.elected_lanes.empty() || e.threads != 2 || any.empty()) return;
    std::optional<uint64_t> lane;
    for (const z3::expr& l : e.elected_lanes) {
      uint64_t k = 0;
      if (!l.simplify().is_numeral_u64(k) || k > 31 || (lane && *lane != k)) return;
      lane = k;
    }
    z3::expr others = e.lane[0] != c.bv_val(*lane, 32) && e.lane[1] != c.bv_val(*lane, 32);
    if (q.check(pair, any_of(c, any) && others, "split-beyond-elected") != SmtStatus::Unsat) return;
    r.elected_lane = static_cast<uint32_t>(*lane);
  }

  // A divergent verdict whose witness is a split the emulator saw.
  BranchResult seen_result(uint32_t branch) const {
    BranchResult r = result_for(branch);
    take_seen(r);
    return r;
  }
  void take_seen(BranchResult& r) const {
    r.verdict = BranchVerdict::Divergent;
    r.seen_split = true;
    r.replay_decides = false;
    r.imprecision.clear();
    r.witness = seen_->splits.at(r.instruction).witness;
    r.reason = "the emulator saw two lanes of one warp go different ways in a launch that meets the assumptions";
  }

  std::vector<BranchResult> solve_unseen(const std::vector<uint32_t>& branches) {
    if (!o_.encoding.one_per_kernel) {
      std::vector<BranchResult> out;
      for (uint32_t b : branches) settled(out.emplace_back(solve(b)));
      return out;
    }
    // Branches whose slices run through the same loops share an encoding.
    // A loop outside a branch's slice is passed through for it at no cost;
    // in a union with a branch that needs it, it would split the branch's
    // paths by trip count and make every query larger.
    std::map<std::vector<size_t>, std::vector<uint32_t>> groups;
    for (const analysis::BranchSlice& sl : a_.slices) {
      if (std::find(branches.begin(), branches.end(), sl.branch) == branches.end()) continue;
      std::vector<size_t> loops;
      for (size_t l = 0; l < a_.cfg.loops.size(); ++l) {
        const std::vector<uint32_t>& blocks = a_.cfg.loops[l].blocks;
        for (uint32_t i : sl.instructions)
          if (std::binary_search(blocks.begin(), blocks.end(), a_.cfg.block_of[i])) {
            loops.push_back(l);
            break;
          }
      }
      groups[loops].push_back(sl.branch);
    }
    std::vector<BranchResult> out;
    for (auto& [loops, members] : groups)
      for (BranchResult& r : solve_group(members)) out.push_back(std::move(r));
    std::sort(out.begin(), out.end(), [](const BranchResult& x, const BranchResult& y) { return x.instruction < y.instruction; });
    return out;
  }

  std::vector<BranchResult> solve_group(const std::vector<uint32_t>& branches) {
    std::vector<BranchResult> out;
    if (branches.size() <= 1) {
      for (uint32_t b : branches) settled(out.emplace_back(solve(b)));
      return out;
    }
    auto start = std::chrono::steady_clock::now();
    TimedContext context(o_.encoding.stats, "free Z3 context (branches together)", o_.keep_contexts_below_bytes);
    z3::context& c = context.c;
    BranchEncodingOptions eo = encoding_options();
    eo.unroll = std::min(eo.unroll, kFirstUnroll);
    BranchEncoding e = encode_branches(c, m_, f_, a_, branches, o_.launch, eo);
    record_encode(start, "branches together");
    BranchResult kernel_queries;
    if (e.unsupported.empty() && !e.budget_exhausted)
      if (std::set<uint32_t> u = prove_unwritten(c, e, eo, fmt::format("branches.{}", f_.name), kernel_queries);
          !u.empty()) {
        eo.unwritten_loads = std::move(u);
        auto again = std::chrono::steady_clock::now();
        e = encode_branches(c, m_, f_, a_, branches, o_.launch, eo);
        record_encode(again, "branches together, unwritten loads read-only");
      }
    if (!e.unsupported.empty() || e.budget_exhausted) {
      for (uint32_t b : branches) settled(out.emplace_back(solve(b)));
      return out;
    }
    BranchViewer views(e);
    QuerySession session(c, e.base, o_.solver.random_seed, kQuickRlimit, defer_bases(), o_.lazy_divisions);
    double share = elapsed_ms(start) / static_cast<double>(branches.size());
    bool shallow = eo.unroll < o_.encoding.unroll && e.loops_abstracted;
    std::vector<size_t> deeper;
    for (uint32_t b : branches) {
      auto begin = std::chrono::steady_clock::now();
      BranchResult& r = out.emplace_back(result_for(b));
      r.encode_ms = share;
      r.queries += out.size() == 1 ? kernel_queries.queries : 0;
      BranchEncoding v = views.view(b, own_slice(b));
      QuerySession::Scope scope(session);
      QueryRunner q = runner(c, r, v, shallow ? eo.unroll : 0, &session);
      bool deep = decide(c, v, q, r) && shallow;
      if (deep) deeper.push_back(out.size() - 1);
      else finish(c, v, q, eo, r);
      r.solve_ms = share + elapsed_ms(begin);
      if (!deep) settled(r);
    }
    // A split the replays of later branches' witnesses saw needs no deeper
    // unrolling: the shallow encoding, pinned to it, confirms it.
    if (seen_)
      std::erase_if(deeper, [&](size_t i) {
        BranchResult& r = out[i];
        if (!seen_->splits.count(r.instruction)) return false;
        auto t = std::chrono::steady_clock::now();
        BranchEncoding v = views.view(r.instruction, own_slice(r.instruction));
        QuerySession::Scope scope(session);
        QueryRunner q = runner(c, r, v, eo.unroll, &session);
        r.witness.reset();
        if (decide(c, v, q, r, true) || !r.seen_split) return false;
        finish(c, v, q, eo, r);
        r.solve_ms += elapsed_ms(t);
        settled(r);
        return true;
      });
    if (deeper.empty()) return out;
    // Splits beyond the first iteration, and queries without an answer:
    // the full depth, once for those branches together.
    auto begin = std::chrono::steady_clock::now();
    std::vector<uint32_t> again;
    for (size_t i : deeper) again.push_back(out[i].instruction);
    eo.unroll = o_.encoding.unroll;
    BranchEncoding d = encode_branches(c, m_, f_, a_, again, o_.launch, eo);
    record_encode(begin, "branches together, full depth");
    BranchViewer deep_views(d);
    QuerySession deep_session(c, d.base, o_.solver.random_seed, kQuickRlimit, defer_bases(), o_.lazy_divisions);
    share = elapsed_ms(begin) / static_cast<double>(again.size());
    for (size_t i : deeper) {
      BranchResult& r = out[i];
      if (!d.unsupported.empty() || d.budget_exhausted) {
        r = solve(r.instruction);
        settled(r);
        continue;
      }
      auto t = std::chrono::steady_clock::now();
      BranchEncoding v = deep_views.view(r.instruction, own_slice(r.instruction));
      QuerySession::Scope scope(deep_session);
      QueryRunner q = runner(c, r, v, 0, &deep_session);
      r.witness.reset();
      decide(c, v, q, r);
      finish(c, v, q, eo, r);
      r.encode_ms += share;
      r.solve_ms += share + elapsed_ms(t);
      settled(r);
    }
    return out;
  }

  // Left undecided by the first pass (and the replay, when there is one).
  static bool left_open(const BranchResult& r) {
    return r.verdict == BranchVerdict::Unknown ||
           (r.verdict == BranchVerdict::Divergent && r.replay_decides && !r.validated);
  }
  // `first`'s branch asked again by solve(), the first try's cost counted in.
  BranchResult solve_again(const BranchResult& first, bool exact_floats, bool linked_stores,
                           bool same_address_stores = false) {
    BranchResult again = solve(first.instruction, exact_floats, linked_stores, same_address_stores);
    again.solve_ms += first.solve_ms;
    again.encode_ms += first.encode_ms;
    again.queries += first.queries;
    return again;
  }

  // Branches floating point left open (after the replay, when there is
  // one), asked again one by one with exact IEEE terms while the budget
  // lasts. A proof or an exact split replaces the first verdict; anything
  // else keeps it. Returns the indices of those whose verdict improved.
  std::vector<size_t> retry_with_exact_floats(std::vector<BranchResult>& results) {
    auto start = std::chrono::steady_clock::now();
    deadline_ = start + std::chrono::milliseconds(static_cast<int64_t>(o_.exact_float_budget_ms));
    std::vector<size_t> changed;
    for (BranchResult& r : results) {
      bool floats = std::find(r.imprecision.begin(), r.imprecision.end(), kFloatImprecision) != r.imprecision.end();
      if (!left_open(r) || !floats || elapsed_ms(start) >= o_.exact_float_budget_ms) continue;
      // Each of these results is at least two floating-point terms of the
      // exact encoding (the operation and its operands taken from their
      // bits; on CUB's histogram sweep 4 became 13 and 8 became 17): past
      // the cap, building it (and freeing what Z3 made of it, seconds a
      // branch there) is for nothing.
      if (2 * r.float_results > kMaxExactFloatOperations) continue;
      // Floating point is not all that stands between it and a verdict
      // (CUB's histogram sweep: loads of memory the kernel writes, whose
      // witnesses no replay can map): the exact terms would still leave it
      // open, after 5 s of building and freeing them.
      if (r.imprecision.size() > 1) continue;
      BranchResult exact = solve_again(r, true, false);
      bool better = exact.verdict == BranchVerdict::Uniform || exact.verdict == BranchVerdict::Unreachable ||
                    (exact.verdict == BranchVerdict::Divergent &&
                     (!exact.replay_decides || exact.imprecision.size() < r.imprecision.size()));
      if (!better) continue;
      r = std::move(exact);
      changed.push_back(static_cast<size_t>(&r - results.data()));
    }
    return changed;
  }

  // Branches that shared memory read after a barrier alone left open,
  // asked again one by one with those loads tied to the stores before the
  // barrier (shared_store_link.h) while the budget lasts. A proof or a split
  // the replay needs no help with replaces the first verdict.
  std::vector<size_t> retry_with_linked_stores(std::vector<BranchResult>& results) {
    auto start = std::chrono::steady_clock::now();
    std::vector<size_t> changed;
    // The load tied to the one value every thread stores at its address (a
    // tile's item count thread 0 broadcasts): a search for a witness, no
    // proof. Only a split comes back, and the replay must reproduce it
    // (replay_decides) or the branch stays unknown.
    auto split_through_stored_value = [&](const BranchResult& r) -> std::optional<BranchResult> {
      BranchResult w = solve_again(r, false, true, true);
      if (w.verdict != BranchVerdict::Divergent || w.whole_warp) return std::nullopt;
      w.replay_decides = true;
      if (std::find(w.imprecision.begin(), w.imprecision.end(), kSharedAfterBarrierImprecision) == w.imprecision.end())
        w.imprecision.push_back(kSharedAfterBarrierImprecision);
      return w;
    };
    for (BranchResult& r : results) {
      bool shared_only = r.imprecision.size() == 1 && r.imprecision[0] == kSharedAfterBarrierImprecision;
      if (!left_open(r) || !shared_only || elapsed_ms(start) >= o_.linked_store_budget_ms) continue;
      // A split the first pass found only through the shared value (its
      // witness kept, unconfirmed) is most likely real (CUB's bounds tests
      // of a partial tile's store): the witness search first, the proof
      // after. Otherwise the proof first.
      bool split_first = r.witness.has_value();
      std::optional<BranchResult> better;
      if (split_first) better = split_through_stored_value(r);
      if (!better) {
        BranchResult linked = solve_again(r, false, true);
        if (linked.verdict == BranchVerdict::Uniform || linked.verdict == BranchVerdict::Unreachable ||
            (linked.verdict == BranchVerdict::Divergent && !linked.replay_decides))
          better = std::move(linked);
      }
      if (!better && !split_first && elapsed_ms(start) < o_.linked_store_budget_ms)
        better = split_through_stored_value(r);
      if (!better) continue;
      r = std::move(*better);
      changed.push_back(static_cast<size_t>(&r - results.data()));
    }
    return changed;
  }

  // One branch on an encoding of its own slice.
  BranchResult solve(uint32_t branch, bool exact_floats = false, bool linked_stores = false,
                     bool same_address_stores = false) {
    auto start = std::chrono::steady_clock::now();
    BranchResult r = result_for(branch);
    TimedContext context(o_.encoding.stats, exact_floats ? "free Z3 context (exact floats)" : "free Z3 context (one branch)",
                         o_.keep_contexts_below_bytes);
    z3::context& c = context.c;
    // One unrolled iteration first: nests of loops unrolled to the full
    // depth multiply (three levels of 8 are 729 copies of the inner body),
    // while most splits show in the first iteration and uniformity is proved
    // by the induction over the abstracted ones. Only a split that appears
    // beyond the unrolled iterations needs the full depth.
    BranchEncodingOptions eo = encoding_options();
    eo.unroll = std::min(eo.unroll, kFirstUnroll);
    eo.exact_floats = exact_floats;
    eo.link_shared_stores = linked_stores;
    eo.link_same_address_stores = same_address_stores;
    BranchEncoding e = timed_encode(r, c, branch, eo);
    // A witness search that read no load as a stored value would ask the
    // first pass's queries again.
    if (same_address_stores && e.stored_values_read == 0) return r;
    if (std::set<uint32_t> u = prove_unwritten(c, e, eo, stem_of(branch), r); !u.empty()) {
      eo.unwritten_loads = std::move(u);
      e = timed_encode(r, c, branch, eo);
    }
    if (exact_floats && too_many_floats(e, r)) return r;
    // Without a loop on the way, the full depth would encode the same.
    bool shallow = eo.unroll < o_.encoding.unroll && e.loops_abstracted;
    std::optional<QuerySession> session(std::in_place, c, e.base, o_.solver.random_seed, kQuickRlimit, defer_bases(), o_.lazy_divisions);
    std::optional<QueryRunner> q(runner(c, r, e, shallow ? eo.unroll : 0, &*session));
    if (decide(c, e, *q, r) && shallow) {
      eo.unroll = o_.encoding.unroll;
      q.reset();
      e = timed_encode(r, c, branch, eo);
      if (exact_floats && too_many_floats(e, r)) return r;
      session.emplace(c, e.base, o_.solver.random_seed, kQuickRlimit, defer_bases(), o_.lazy_divisions);
      q.emplace(runner(c, r, e, 0, &*session));
      decide(c, e, *q, r);
    }
    finish(c, e, *q, eo, r);
    r.solve_ms = elapsed_ms(start);
    return r;
  }

 private:
  // Whether `e`'s occurrences hold more floating-point operations than
  // exact terms are tried for; then `r` says so. Bit-blasting a hundred
  // f32 operations took Z3 seconds a query, and freeing what it built took
  // half a minute more (CUB's histogram sweep: 43 s for one branch).
  static bool too_many_floats(const BranchEncoding& e, BranchResult& r) {
    size_t n = float_operations(instance_terms(e), kMaxExactFloatOperations + 1);
    if (n <= kMaxExactFloatOperations) return false;
    r.verdict = BranchVerdict::Unknown;
    r.reason = fmt::format("more than {} floating-point operations reach it: too many for exact terms",
                           kMaxExactFloatOperations);
    return true;
  }

  // The options of this kernel's encodings: its loops' inductions shared.
  BranchEncodingOptions encoding_options() {
    BranchEncodingOptions eo = o_.encoding;
    if (!eo.induction_memo) eo.induction_memo = &induction_memo_;
    return eo;
  }

  // A branch's first-pass verdict is final here: the caller may replay it
  // at once (its witness's run then shows splits of later branches).
  void settled(BranchResult& r) {
    if (after_ && !replayed_early_.erase(r.instruction)) after_(r);
  }

  static double elapsed_ms(std::chrono::steady_clock::time_point since) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - since).count();
  }

  // The branch's own backward slice (sorted), from the function's analysis.
  const std::vector<uint32_t>* own_slice(uint32_t branch) const {
    for (const analysis::BranchSlice& sl : a_.slices)
      if (sl.branch == branch) return &sl.instructions;
    return nullptr;
  }

  BranchResult result_for(uint32_t branch) const {
    BranchResult r;
    const ptx::Instruction& ins = f_.instructions[branch];
    r.instruction = branch;
    r.ptx_line = ins.pos.line;
    r.loc = ins.loc;
    r.indexed = ins.op == ptx::Opcode::Brx;
    return r;
  }

  // Sessions put off internalising their base where kept answers are
  // expected (query_session.h): most of their queries then ask no solver.
  bool defer_bases() const { return o_.answers && o_.answers->expects_answers(); }

  std::string stem_of(uint32_t branch) const {
    return fmt::format("branches.{}.line{}", f_.name, f_.instructions[branch].pos.line);
  }

  // The queries of one branch on `e`; `shallow_unroll` > 0 names them after
  // the first, shallow encoding and gives them less time (the full depth is
  // tried next anyway).
  QueryRunner runner(z3::context& c, BranchResult& r, const BranchEncoding& e, unsigned shallow_unroll,
                     QuerySession* session) {
    unsigned timeout = o_.solver.timeout_ms;
    std::string stem = stem_of(r.instruction);
    QueryRunner q = shallow_unroll
                        ? QueryRunner(c, o_, fmt::format("{}.unroll{}", stem, shallow_unroll), r,
                                      timeout ? std::min(timeout, kShallowTimeoutMs) : kShallowTimeoutMs)
                        : QueryRunner(c, o_, stem, r, timeout);
    q.floats(e.floats);
    q.deadline(deadline_);
    q.no_answer_budget(&no_answer_);
    q.session(o_.incremental ? session : nullptr);
    return q;
  }

  // After the two-lane verdict: the whole-warp retry where a shuffle made it
  // imprecise, and the thread-id ranges of a concrete launch.
  void finish(z3::context& c, BranchEncoding& e, QueryRunner& q, const BranchEncodingOptions& eo, BranchResult& r) {
    unsigned timeout = o_.solver.timeout_ms;
    bool settled = r.verdict == BranchVerdict::Uniform || r.verdict == BranchVerdict::Unreachable || r.seen_split;
    bool shuffled = e.imprecision.count(kShuffleImprecision) && !o_.encoding.whole_warp;
    // The two-lane witness first, where it can run: a split its replay
    // shows needs no whole warp (CUB's single-tile radix sort: 7 whole-warp
    // queries, 4 s, for splits the two-lane witnesses reproduce).
    if (!settled && shuffled && after_ && r.verdict == BranchVerdict::Divergent && r.witness &&
        r.witness->replayable) {
      BranchResult replayed = r;
      after_(replayed);
      if (replayed.validated) {
        r = std::move(replayed);
        settled = true;
      }
    }
    double whole_warp_budget = o_.solver.timeout_ms ? kWholeWarpBudgetTimeouts * o_.solver.timeout_ms
                                                    : std::numeric_limits<double>::infinity();
    if (!settled && shuffled && whole_warp_ms_ < whole_warp_budget && !no_answer_.spent()) {
      auto start = std::chrono::steady_clock::now();
      // Two lanes cannot see what a shuffle brings from the other thirty:
      // ask again with every lane of the warp tracked.
      BranchEncodingOptions wo = eo;
      wo.whole_warp = true;
      BranchEncoding w = timed_encode(r, c, r.instruction, wo);
      QueryRunner qw(c, o_, fmt::format("{}.warp", stem_of(r.instruction)), r, timeout * kWholeWarpTimeoutScale);
      qw.floats(w.floats);
      // No query runs past the kernel's budget (CUB's select sweep: two
      // timeouts of 4.3 s each, started with the budget nearly whole).
      std::optional<std::chrono::steady_clock::time_point> end = deadline_;
      if (o_.solver.timeout_ms) {
        auto budget_end = start + std::chrono::milliseconds(static_cast<int64_t>(whole_warp_budget - whole_warp_ms_));
        end = end ? std::min(*end, budget_end) : budget_end;
      }
      qw.deadline(end);
      qw.no_answer_budget(&no_answer_);
      BranchResult again = r;
      again.witness.reset();
      again.whole_warp = true;
      decide(c, w, qw, again);
      if (again.verdict != BranchVerdict::Unknown || r.verdict == BranchVerdict::Unknown) r = std::move(again);
      whole_warp_ms_ += elapsed_ms(start);
    }
    if (!r.whole_warp && r.verdict != BranchVerdict::Unknown && o_.launch.concrete_block && o_.launch.concrete_grid)
      ranges(c, e, q, r);
    replay_or_search_reached_launch(c, e, q, r);
  }

  // The witness replayed here rather than in settled(), while the encoding
  // is at hand: where its replay stops at a device-side assertion before
  // the split (the model chose a launch the kernel asserts against:
  // CUTLASS's mainloop asserts `k_tile_count >= 1`, and a K of no k tile
  // stopped example 49's ping-pong before its producer's C-load test), no
  // run of that launch, random data or not, gets there. The split is then
  // searched for in the launch a run reached the branch in
  // (split_from_reaching_run: its problem sizes, only the struct bytes the
  // query reads free), and that witness replayed in turn; the verdict is
  // the first of the two replays that reproduces the split, else the
  // first replay's (unknown, or a contradiction for an exact encoding).
  void replay_or_search_reached_launch(z3::context& c, const BranchEncoding& e, QueryRunner& q, BranchResult& r) {
    if (!after_ || r.verdict != BranchVerdict::Divergent || r.validated || r.seen_split || !r.witness ||
        !r.witness->replayable)
      return;
    BranchResult first = r;
    after_(first);
    replayed_early_.insert(r.instruction);
    if (first.witness_asserted && e.threads == 2 && !r.indexed) {
      z3::expr_vector pair = two_lanes(e);
      std::vector<z3::expr> precise;
      for (const BranchInstance& i : e.instances)
        if (!i.beyond) precise.push_back(split_at(e, i));
      BranchResult again = r;
      if (split_from_reaching_run(c, e, q, pair, precise, again)) {
        after_(again);
        if (again.validated) {
          again.validation = fmt::format("the first witness's replay stopped at a device-side assertion; {}",
                                         again.validation);
          first = std::move(again);
        }
      }
    }
    r = std::move(first);
  }

  // The base every question about the two tracked lanes together asks over.
  static z3::expr_vector two_lanes(const BranchEncoding& e) {
    z3::expr_vector pair = smt::copy_of(e.base);
    pair.push_back(e.same_warp);
    return pair;
  }

  BranchEncoding timed_encode(BranchResult& r, z3::context& c, uint32_t branch, const BranchEncodingOptions& eo) {
    auto start = std::chrono::steady_clock::now();
    BranchEncoding e = encode_branch(c, m_, f_, a_, branch, o_.launch, eo);
    r.encode_ms += record_encode(start);
    return e;
  }

  // Time since `start`, counted into the stats as an encoding (the
  // induction's queries within it are counted on their own as well).
  // `what`: which encoding, for --stats ("branches together", "full depth", ...).
  double record_encode(std::chrono::steady_clock::time_point start, const char* what = "one branch") const {
    double ms = elapsed_ms(start);
    if (o_.encoding.stats) o_.encoding.stats->record(fmt::format("encode ({}, induction included)", what), "", ms);
    return ms;
  }

  // The global loads of `e` that no store of the launch can write: for
  // each, one named query `unwritten-line<L>` asks whether some store of
  // some thread anywhere in the launch, at any occurrence, overlaps an
  // address the load reads. Unsat: the load reads read-only memory. Asked
  // only when a load of written memory makes the branch imprecise, within
  // kUnwrittenTimeoutMs, and never again for a load already not proved for
  // another branch of the kernel (a kernel with many stores would otherwise
  // pay for the same failing query at every branch).
  std::set<uint32_t> prove_unwritten(z3::context& c, const BranchEncoding& e, const BranchEncodingOptions& eo,
                                     const std::string& stem, BranchResult& r) {
    std::set<uint32_t> out;
    bool matters = false;
    for (const std::string& why : e.imprecision) matters = matters || why.rfind("loads of ", 0) == 0;
    if (!matters || !e.unsupported.empty() || !memory_.global_writers()) return out;
    // A kernel whose loads keep failing (pointer parameters that may alias
    // the stored ones, mostly) is not asked further: each try builds the
    // stores' encoding anew, which costs more than the queries.
    if (unwritten_failures_ >= kMaxUnwrittenFailures || unwritten_ms_ >= kUnwrittenBudgetMs) return out;
    auto start = std::chrono::steady_clock::now();
    struct Spent {  // every return below counts the time spent here
      std::chrono::steady_clock::time_point start;
      double& total;
      ~Spent() { total += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count(); }
    } spent{start, unwritten_ms_};
    std::map<uint32_t, std::vector<z3::expr>> reads;  // load instruction -> "an occurrence reads a stored byte"
    std::optional<BranchEncoding> stores;
    for (const LoadTerm& l : e.loads) {
      if (l.immutable || !l.matters || !memory_.may_prove_unwritten(l.instruction) || not_unwritten_.count(l.instruction))
        continue;
      if (!reads.count(l.instruction) && reads.size() >= kMaxUnwrittenQueries) continue;
      if (!stores) {
        auto begin = std::chrono::steady_clock::now();
        // Every store of the kernel at every occurrence: in a large kernel
        // that is millions of terms (1.8 GB for CUB's histogram sweep), so
        // it gets a budget of its own and is given up past it.
        BranchEncodingOptions so = eo;
        so.block_budget = std::min(so.block_budget, kStoreBlockBudget);
        so.instruction_budget = std::min(so.instruction_budget, kStoreInstructionBudget);
        so.stop_at_budget = true;
        stores = encode_stores(c, m_, f_, a_, *memory_.global_writers(), o_.launch, so);
        r.encode_ms += record_encode(begin, "the kernel's stores, for unwritten loads");
        if (!stores->unsupported.empty() || stores->budget_exhausted) {
          unwritten_failures_ = kMaxUnwrittenFailures;  // the same stores next time: no use asking again
          return out;
        }
      }
      z3::expr load_bytes = c.bv_val(l.bits / 8, 64);
      for (size_t t = 0; t < l.reach.size(); ++t) {
        z3::expr a = l.address[t];
        if (a.get_sort().bv_size() != 64) continue;
        std::vector<z3::expr> hit;
        for (const StoreTerm& st : stores->stores)
          // [s, s + n) and [a, a + m) overlap, modulo 2^64.
          hit.push_back(st.reach && (z3::ult(st.address - a, load_bytes) || z3::ult(a - st.address, c.bv_val(st.bytes, 64))));
        reads[l.instruction].push_back(l.reach[t] && any_of(c, hit));
      }
    }
    if (reads.empty()) return out;
    z3::expr_vector base = smt::copy_of(e.base);
    for (const z3::expr& b : stores->base) base.push_back(b);
    unsigned timeout = o_.solver.timeout_ms ? std::min(o_.solver.timeout_ms, kUnwrittenTimeoutMs) : kUnwrittenTimeoutMs;
    QueryRunner q(c, o_, stem, r, timeout);
    q.deadline(deadline_);
    for (const auto& [load, hits] : reads)
      if (q.check(base, any_of(c, hits), fmt::format("unwritten-line{}", f_.instructions[load].pos.line)) ==
          SmtStatus::Unsat)
        out.insert(load), unwritten_failures_ = 0;
      else
        not_unwritten_.insert(load), ++unwritten_failures_;
    return out;
  }

  std::string imprecision_text(const BranchEncoding& e) const {
    std::string s;
    for (const auto& why : e.imprecision) s += (s.empty() ? "" : "; ") + why;
    return s;
  }

  // Whether the branch is proved unreachable (its verdict then set); a
  // branch some run reached is not asked. `open` tells whether reachability
  // stayed undecided.
  bool unreachable(z3::context& c, const BranchEncoding& e, QueryRunner& q, BranchResult& r,
                   const std::vector<z3::expr>& reach, const z3::expr& one_d, bool symbolic, bool& open) {
    open = false;
    if (seen_ && seen_->reached.count(r.instruction)) return false;
    open = true;
    if (reachability_failures_ >= kMaxReachabilityFailures || no_answer_.spent()) return false;
    SmtStatus reached = symbolic ? q.check_quick(e.base, any_of(c, reach) && one_d, "reachable-1d") : SmtStatus::Unsat;
    if (reached != SmtStatus::Sat) reached = q.check_quick(e.base, any_of(c, reach), "reachable");
    if (reached == SmtStatus::Unsat) {
      r.verdict = BranchVerdict::Unreachable;
      r.reason = "no thread of any launch that meets the assumptions reaches it";
      reachability_failures_ = 0;
      return true;
    }
    open = reached != SmtStatus::Sat;
    reachability_failures_ = open ? reachability_failures_ + 1 : 0;
    return false;
  }

  // Returns whether the full unrolling depth may decide what this could not:
  // a split only beyond the unrolled iterations, or a query without an answer.
  // `only_seen`: ask only whether a split the emulator saw is confirmed.
  bool decide(z3::context& c, BranchEncoding& e, QueryRunner& q, BranchResult& r, bool only_seen = false) {
    if (!e.unsupported.empty()) {
      r.verdict = BranchVerdict::Unknown;
      r.reason = "cannot encode: " + e.unsupported;
      return false;
    }
    // Once the kernel's time without answers is spent, the full unrolling
    // depth is not tried after a query without an answer either: it asks
    // more, on the quick try alone (CUTLASS's FP8 GEMM: 128 copies of the
    // amax reduction's bounds test each timed out three times, 390 s).
    auto timeout = [&](SmtStatus st, const char* what) {
      r.verdict = BranchVerdict::Unknown;
      r.reason = fmt::format("solver {} on the {} query", to_string(st), what);
      return !no_answer_.spent();
    };
    r.imprecision.assign(e.imprecision.begin(), e.imprecision.end());
    if (!e.floats) r.float_results = float_unknowns(e);
    r.replay_decides = false;
    std::vector<z3::expr> reach, precise, any;
    for (const BranchInstance& i : e.instances) {
      reach.push_back(any_of(c, i.reach));
      z3::expr split = split_at(e, i);
      any.push_back(split);
      if (!i.beyond) precise.push_back(split);
    }
    // A split implies the branch is reached, so reachability is asked only
    // when no split exists (to tell "unreachable" from "uniform").
    std::optional<z3::model> model;
    z3::expr_vector pair = two_lanes(e);
    // With a symbolic block, two lanes ask about 1-D blocks first: they need
    // no multiplier for the linear thread id, and most splits show up in them.
    // A split there is a split; only "none there" needs every shape. (The
    // whole-warp retry is there to prove uniformity, so it goes straight on.)
    z3::expr one_d = e.ntid[1] == c.bv_val(1, 32) && e.ntid[2] == c.bv_val(1, 32);
    bool symbolic = !o_.launch.concrete_block && e.threads == 2;
    if (seen_ && e.threads == 2 && !r.indexed)
      if (auto it = seen_->splits.find(r.instruction); it != seen_->splits.end()) {
        if (!o_.confirm_seen_splits) {
          take_seen(r);
          ask_elected(c, e, q, r, pair, any);
          return false;
        }
        if (confirm_seen(c, e, q, it->second, pair, any, r)) return false;
      }
    if (only_seen) return true;
    // Uniform by dependence alone: no divergence query, only whether any
    // thread gets there (a branch no run reached may be dead code).
    if (proved_by_dependence(r.instruction) && e.threads == 2) {
      bool reach_open = false;
      if (unreachable(c, e, q, r, reach, one_d, symbolic, reach_open)) return false;
      r.verdict = BranchVerdict::Uniform;
      r.reason = std::string(kUniformByDependence) +
                 (reach_open ? " (whether any thread reaches it was not decided)" : "");
      return false;
    }
    // A copy of a source line whose divergence query had no answer (an
    // unrolled loop's bounds tests): the launch a run reached it in first.
    bool family_open = o_.reached_launch_first || open_families_.count(family_of(r));
    if (family_open && split_from_reaching_run(c, e, q, pair, precise, r)) return false;
    if (o_.bitblast_first && proved_bitblasted(e, q, pair, any, r)) return false;
    SmtStatus st = SmtStatus::Unsat;
    // In a loop, the first occurrence alone first: a small query, and where
    // most splits show.
    if (precise.size() > 1)
      st = q.check(pair, symbolic ? precise[0] && one_d : precise[0], symbolic ? "divergent-first-1d" : "divergent-first", &model);
    if (st != SmtStatus::Sat && symbolic) st = q.check(pair, any_of(c, precise) && one_d, "divergent-1d", &model);
    // Every block shape is rarely easier than 1-D blocks alone: after a 1-D
    // query without an answer it gets the quick try only (CUB's select
    // sweep: 28 such pairs timed out, 2 s each; 4 found a split).
    // Nor does the full unrolling depth answer a 1-D question the first
    // iteration could not (it asks more): the branch stays unknown there.
    // (Going deeper after such timeouts cost CUB's select sweep 2.5 s a
    // branch, for 12 branches, and answered none.)
    if (symbolic && st != SmtStatus::Sat && st != SmtStatus::Unsat) {
      SmtStatus any_shape = no_answer_.spent() ? st : q.check_quick(pair, any_of(c, precise), "divergent", &model);
      if (any_shape != SmtStatus::Sat) {
        if (proved_by_a_retry(c, e, q, pair, any, r)) return false;
        open_families_.insert(family_of(r));
        if (!family_open && split_from_reaching_run(c, e, q, pair, precise, r)) return false;
        timeout(st, "divergence");
        return false;
      }
      st = any_shape;
    }
    // With 1-D blocks proved, this one is mostly a proof: the SMT core
    // finds it in a millisecond (90% of them on CUB) or spends its whole
    // quick try before Z3's default solver does, so that try is short.
    // Every occurrence asks more than the first: after the first without an
    // answer, and the kernel's time for such queries spent, it is not asked.
    bool first_open = precise.size() > 1 && st != SmtStatus::Sat && st != SmtStatus::Unsat;
    if (st != SmtStatus::Sat && !(first_open && no_answer_.spent()))
      st = q.check(pair, any_of(c, precise), "divergent", &model, symbolic ? kProofQuickRlimit : kQuickRlimit);
    if (st == SmtStatus::Sat) {
      // Prefer a witness a replay can run (pointers at device-like addresses),
      // at the occurrence the model splits.
      std::optional<z3::model> nice;
      z3::expr split = any_of(c, precise);
      const BranchInstance* split_instance = nullptr;  // the occurrence `split` is, and the witness names
      for (const BranchInstance& i : e.instances)
        if (!i.beyond && model->eval(split_at(e, i), true).is_true()) {
          split = split_at(e, i);
          split_instance = &i;
          break;
        }
      z3::expr replay = split && replayable_constraints(c, e, m_, f_, pointer_fields_, split);
      // First with the block shape of the model found (constant factors keep
      // the address arithmetic of a whole warp cheap), then with any shape.
      z3::expr same_block = c.bool_val(true);
      for (int d = 0; d < 3; ++d) same_block = same_block && e.ntid[d] == model->eval(e.ntid[d], true);
      // Small parameter values first: a loop bound of two billion would make
      // the replay run past its step budget before it reaches the branch.
      // The first CTA too, where it can be: a reader looks there first.
      z3::expr small = small_params(c, e, m_, f_, pointer_fields_) && small_ctas(c, e);
      // Quickest when it holds: the model's own block shape, thread ids and
      // loaded values, only the pointers moved into a replay's windows (a
      // float or a multiplication already solved is not solved again), in
      // the first CTA, with small parameters first (a replay of a loop over
      // a million items spends the budget every other witness needs), then
      // the model's own.
      PinnedQuery pinned(c), pinned_params(c);
      for (PinnedQuery* p : {&pinned, &pinned_params}) {
        for (int d = 0; d < 3; ++d) p->pin(e.ntid[d], model->eval(e.ntid[d], true)), p->pin(e.ctaid[d], 0);
        pin_model_values(*model, e, false, *p);
      }
      pin_model_values(*model, e, true, pinned_params);
      // Each next try is looser and no easier: after one that ran out of
      // time the rest would too (five timeouts were 10 s a branch on CUB's
      // select kernel), and the split stands without a replayable witness.
      // A whole warp's unpinned witness searches get the quick try only:
      // they rarely finish (CUB's select sweep: two of 8.5 s each, both
      // timeouts), and the split stands without one, for the replays of the
      // model's launch and their random data to show. The model's own
      // parameters pin more than small ones constrain: that try is made
      // after the first ran out of time too (the quotients of CUB's
      // integer histogram fold to constants there).
      bool gave_up = false;
      bool whole_warp = e.threads > 2;
      auto witness = [&](const z3::expr& extra, const char* name, const PinnedQuery* pins = nullptr,
                         bool tighter = false) {
        if (gave_up && !tighter) return false;
        SmtStatus st = pins         ? q.check_alone(pins->apply(z3::mk_and(pair) && extra), name, &nice)
                       : whole_warp ? q.check_quick(pair, extra, name, &nice)
                                    : q.check(pair, extra, name, &nice);
        gave_up = gave_up || (st != SmtStatus::Sat && st != SmtStatus::Unsat);
        if (st == SmtStatus::Sat && pins) pins->complete(*nice);
        return st == SmtStatus::Sat;
      };
      bool replayable = witness(replay && small, "witness-pinned", &pinned) ||
                        witness(replay, "witness-pinned-params", &pinned_params, true) ||
                        witness(replay && same_block && small, "witness") ||
                        witness(replay && same_block, "witness-large") || witness(replay, "witness-any-block");
      // The witness names the occurrence the searches constrained (an
      // occurrence found split only in the witness's model may read loads
      // no search placed).
      const z3::model& wm = replayable ? *nice : *model;
      if (split_instance && wm.eval(split, true).is_true()) r.witness = witness_from(wm, e, *split_instance, f_, replayable);
      r.verdict = BranchVerdict::Divergent;
      ask_elected(c, e, q, r, pair, any);
      r.replay_decides = !e.imprecision.empty();
      r.reason = e.imprecision.empty()
                     ? "two lanes of one warp can reach it together and go different ways"
                     : "two lanes can go different ways in the model, which is not exact here (" + imprecision_text(e) +
                           "): the replay decides";
      return false;
    }
    // A branch some run reached is reachable: no query needed. Otherwise
    // reachability only tells "unreachable" from "uniform", both of which
    // mean no warp splits there: it gets the quick try alone, and without
    // an answer the branch is uniform (CUB's select sweep spent 57 s on
    // reachability queries that timed out, each then made unknown).
    // After kMaxReachabilityFailures in a row without an answer, a kernel
    // is asked no more (the select sweep: 12 of 13 timed out, 0.5 s each).
    bool reach_open = false;
    if (st == SmtStatus::Unsat && unreachable(c, e, q, r, reach, one_d, symbolic, reach_open)) return false;
    if (st != SmtStatus::Unsat) {
      if (proved_by_a_retry(c, e, q, pair, any, r)) return false;
      open_families_.insert(family_of(r));
      if (!family_open && split_from_reaching_run(c, e, q, pair, precise, r)) return false;
      return timeout(st, "divergence");
    }
    const char* reach_note = reach_open ? " (whether any thread reaches it was not decided)" : "";
    if (any.size() == precise.size()) {
      r.verdict = BranchVerdict::Uniform;
      r.reason = fmt::format("proved: no two lanes of a warp can reach it together and go different ways{}", reach_note);
      return false;
    }
    st = q.check(pair, any_of(c, any), "divergent-any-iteration");
    if (st == SmtStatus::Unsat) {
      r.verdict = BranchVerdict::Uniform;
      r.reason = fmt::format("proved for every loop iteration (loop-carried values proved equal in both lanes by "
                             "induction){}",
                             reach_note);
      return false;
    }
    if (st != SmtStatus::Sat) {
      if (proved_by_a_retry(c, e, q, pair, any, r)) return false;
      return timeout(st, "divergence (all iterations)");
    }
    r.verdict = BranchVerdict::Unknown;
    r.reason = fmt::format("uniform in the first {} iterations of the enclosing loops; beyond them the values "
                           "carried around the loop are not known",
                           e.unroll);
    return true;
  }

  // The source position a branch is a copy of (an unrolled loop repeats
  // one line's test with other constants): the innermost line and column
  // and the line everything is inlined into.
  static std::tuple<uint32_t, uint32_t, uint32_t, uint32_t, uint32_t> family_of(const BranchResult& r) {
    return {r.loc.file, r.loc.line, r.loc.column, r.loc.outer_file, r.loc.outer_line};
  }

  // The source position a branch is at with every call site of its inline
  // chain (file, line, column of each, innermost first).
  std::vector<uint32_t> call_chain_of(const BranchResult& r) const {
    std::vector<uint32_t> chain{r.loc.file, r.loc.line, r.loc.column};
    for (uint32_t site = r.loc.inlined_at; site && site <= m_.inline_sites.size();) {
      const ptx::InlineSite& s = m_.inline_sites[site - 1];
      chain.insert(chain.end(), {s.file, s.line, s.column});
      if (s.inlined_at == site) break;
      site = s.inlined_at;
    }
    return chain;
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
  bool split_from_reaching_run(z3::context& c, const BranchEncoding& e, QueryRunner& q, const z3::expr_vector& pair,
                               const std::vector<z3::expr>& precise, BranchResult& r) {
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
  static constexpr int kReachingRunRounds = 4;

  // A divergence query without an answer, asked again as it is, divisions
  // and products exact, on Z3's default solver alone (bit-blasting to SAT),
  // within kBitblastRlimit resource units: the quick try abstracts the
  // divisions (lazy_arithmetic.h) and runs on the SMT core, which is what
  // most queries need, but a proof through the tile scheduler's fast
  // divisions and the pipeline's phase bits is a few seconds of SAT search
  // that the SMT core does not find in its resources (CUTLASS's INT8
  // ping-pong: every divergence query without an answer was unsat in 0.2 to
  // 1.3 s this way). Over every occurrence in `any`, the abstracted
  // iterations included: unsat proves the branch uniform in every
  // iteration. Sat or no answer leaves the verdict as it was. After
  // kMaxBitblastFailures tries without a proof, a kernel gets no more.
  bool proved_bitblasted(const BranchEncoding& e, QueryRunner& q, const z3::expr_vector& pair,
                         const std::vector<z3::expr>& any, BranchResult& r) {
    if (e.threads != 2 || any.empty() || e.floats || bitblast_failures_ >= kMaxBitblastFailures) return false;
    // A kernel whose first tries all failed: the rest mostly fail too, each
    // spending its whole resource count (CUTLASS 57 #1: 10 tries, 35 s, no
    // proof, once its sessions no longer bit-blast their bases).
    if (bitblast_proofs_ == 0 && bitblast_failures_ >= kBitblastFailuresBeforeAProof) return false;
    // As the shared-value retry: the copies of one source line reached
    // through one chain of calls ask one question, and after two that
    // proved nothing and none that proved, the rest are not asked (CUB's
    // select sweep: 13 tries on its unrolled scatter tests, 10 sat, no
    // proof, most of 14 s of CPU).
    SharedTries& tries = bitblast_tries_[call_chain_of(r)];
    if (tries.proved == 0 && tries.failed >= kSharedTriesPerFamily) return false;
    unsigned clock = o_.solver.timeout_ms ? kBitblastClockScale * o_.solver.timeout_ms : 0;
    if (q.check_bitblasted(pair, any_of(e.base.ctx(), any), "divergent-bitblasted", kBitblastRlimit, clock) !=
        SmtStatus::Unsat) {
      ++bitblast_failures_;
      ++tries.failed;
      return false;
    }
    ++tries.proved;
    ++bitblast_proofs_;
    proved_by_retry(e, r,
                    "on the exact query bit-blasted, divisions and products exact: no two lanes of a warp can reach it "
                    "together and go different ways");
    return true;
  }

  // A divergence query without an answer, asked again in the ways that can
  // only prove: cheapest first (the outcomes alone, on a tenth of the quick
  // try), then exact and bit-blasted, then with the shared values
  // abstracted. True where one proved the branch uniform (`r` says how).
  bool proved_by_a_retry(z3::context& c, const BranchEncoding& e, QueryRunner& q, const z3::expr_vector& pair,
                         const std::vector<z3::expr>& any, BranchResult& r) {
    return proved_outcomes_alone(c, e, q, r) || proved_bitblasted(e, q, pair, any, r) ||
           proved_with_shared_values_abstracted(c, e, q, pair, any, r);
  }

  // A divergence query without an answer, asked again about the outcomes
  // alone: whether the two lanes' outcomes can differ at some occurrence,
  // whether or not they reach it. Dropping the reach conditions only
  // weakens the query, so unsat still proves that no two lanes of a warp go
  // different ways wherever they both get there. CUTLASS's role dispatch
  // (`warp_group_role == Producer`, a shuffled warp-group index) is reached
  // only after the grouped tile scheduler's search over the problem shapes,
  // whose loops the exact query carried and timed out on; its outcome
  // itself is a function of the warp alone, proved at once.
  bool proved_outcomes_alone(z3::context& c, const BranchEncoding& e, QueryRunner& q, BranchResult& r) {
    if (e.threads != 2 || e.instances.empty()) return false;
    // As the other retries: the copies of one source line reached through
    // one chain of calls stop after two tries that proved nothing and none
    // that proved (57's unrolled epilogue tests read per-lane data).
    SharedTries& tries = outcome_tries_[call_chain_of(r)];
    if (tries.proved == 0 && tries.failed >= kSharedTriesPerFamily) return false;
    if (o_.thread_variance && outcome_failures_ >= kMaxBitblastFailures) return false;
    std::vector<z3::expr> differ;
    for (const BranchInstance& i : e.instances) differ.push_back(i.out[0] != i.out[1]);
    // The values both lanes share taken as unknowns (uniform_abstraction.h),
    // on a solver of its own, over the base constraints what is left
    // depends on: the kernel's whole base (every loop's facts in a union
    // encoding) took more than the quick try to take in, and the shared
    // values (the tile scheduler's divisions) are what the exact query could
    // not get past. The SMT core proves these in a moment or not at all: a
    // branch whose outcome reads per-lane data is satisfiable here and says
    // nothing.
    UniformAbstraction shared(c);
    z3::expr outcomes = shared.abstract(any_of(c, differ));
    z3::expr asked = z3::mk_and(base_cone(e, outcomes)) && e.same_warp && outcomes;
    if (q.check_alone(asked, "divergent-outcomes-alone", nullptr, true, kProofQuickRlimit) != SmtStatus::Unsat) {
      ++outcome_failures_;
      ++tries.failed;
      return false;
    }
    ++tries.proved;
    proved_by_retry(e, r,
                    "from the outcomes alone, whatever the path to it: no two lanes of a warp can compute different "
                    "outcomes here");
    return true;
  }

  // The verdict of a retry's proof over every occurrence the encoding has
  // (the abstracted iterations included); `how` says what was proved.
  static void proved_by_retry(const BranchEncoding& e, BranchResult& r, std::string_view how) {
    bool loops = std::any_of(e.instances.begin(), e.instances.end(), [](const BranchInstance& i) { return i.beyond; });
    r.verdict = BranchVerdict::Uniform;
    r.reason = fmt::format("proved{} {} (whether any thread reaches it was not decided)",
                           loops ? " for every loop iteration" : "", how);
  }

  // A divergence query without an answer, asked again with every value the
  // two lanes share abstracted (uniform_abstraction.h): unsat proves the
  // branch uniform at every occurrence in `any` (beyond the unrolled
  // iterations too, as the all-iterations query would); anything else
  // leaves the verdict as it was. Whether a thread reaches the branch is
  // not asked: that query has the same shared values to solve.
  bool proved_with_shared_values_abstracted(z3::context& c, const BranchEncoding& e, QueryRunner& q,
                                            const z3::expr_vector& pair, const std::vector<z3::expr>& any,
                                            BranchResult& r) {
    if (e.threads != 2 || any.empty()) return false;
    UniformAbstraction shared(c);
    z3::expr asked = shared.abstract(any_of(c, any));
    if (shared.unknowns() == 0) return false;  // nothing shared: the query that had no answer
    // The copies of one source line reached through one chain of calls (an
    // unrolled loop's tests) ask one question: after two copies whose try
    // proved nothing and none that it proved, the rest are not tried (CUB's
    // select sweep: 27 tries, 3.4 s, no proof, on the ten copies of two
    // scatter tests). Other call sites are other questions: CUTLASS's
    // ping-pong waits (`barrier.h:426`) on different pipelines are
    // proved at some sites and not at others.
    SharedTries& tries = shared_tries_[call_chain_of(r)];
    if (tries.proved == 0 && tries.failed >= kSharedTriesPerFamily) return false;
    if (o_.thread_variance && shared_failures_ >= kMaxBitblastFailures) return false;
    // The quick try alone, on a third of its resources: where the shared
    // values were what the exact query could not get past, the proof is
    // quick (CUTLASS's mbarrier waits); where they are not, no time helps
    // (CUTLASS's FP8 GEMM: 135 of 143 such queries timed out, 37 s).
    if (q.check_quick(pair, asked, "divergent-shared-abstracted", nullptr, kQuickRlimit / 3) != SmtStatus::Unsat) {
      ++shared_failures_;
      ++tries.failed;
      return false;
    }
    ++tries.proved;
    proved_by_retry(e, r,
                    "with the values both lanes share taken as unknowns (the exact query had no answer): no two lanes "
                    "of a warp go different ways here whatever those values are");
    return true;
  }

  // A split the emulator saw before any query: the encoding pinned to that
  // run's launch, CTA, lanes and parameters (its loads left free) must allow
  // a split at some occurrence, beyond the unrolled iterations included.
  // Sat: divergent, with the run as the witness, and neither a witness
  // search nor a deeper unrolling is needed. Anything else: the usual
  // queries decide, and a proof of uniformity would then contradict the
  // run in the replay (exit 3), as it should.
  bool confirm_seen(z3::context& c, const BranchEncoding& e, QueryRunner& q, const SeenSplit& s,
                    const z3::expr_vector& pair, const std::vector<z3::expr>& any, BranchResult& r) {
    const Witness& w = s.witness;
    // The run's values replace the symbols they pin (pinned_query.h).
    PinnedQuery pins(c);
    for (int d = 0; d < 3; ++d) {
      pins.pin(e.ntid[d], w.block[d]);
      pins.pin(e.nctaid[d], w.grid[d]);
      pins.pin(e.ctaid[d], w.cta[d]);
      for (int t = 0; t < 2; ++t) pins.pin(e.tid[t][d], w.tid[t][d]);
    }
    for (const auto& [name, term] : e.params) {
      unsigned bits = term.get_sort().bv_size();
      for (const auto& [n, v] : w.params)
        if (n == name && bits <= 64) pins.pin(term, v);
      for (const auto& [n, bytes] : w.aggregates) {
        if (n != name || bytes.size() * 8 != bits || bytes.empty()) continue;
        z3::expr value = c.bv_val(bytes.back(), 8);
        for (size_t i = bytes.size() - 1; i-- > 0;) value = z3::concat(value, c.bv_val(bytes[i], 8));
        pins.pin(term, value.simplify());
      }
    }
    if (q.check_alone(pins.apply(z3::mk_and(pair) && any_of(c, any)), "seen-split") != SmtStatus::Sat) return false;
    r.verdict = BranchVerdict::Divergent;
    r.seen_split = true;
    r.confirmed = true;
    r.replay_decides = false;
    r.witness = w;
    r.reason = "the emulator saw two lanes of one warp go different ways in a launch that meets the assumptions, and "
               "the encoding allows that very split";
    return true;
  }

  // Pins the model's thread ids and loaded values; with `params`, its
  // non-pointer parameters instead, a struct's pointer fields at the start
  // of their windows (the model's may lie anywhere, 0 most often).
  void pin_model_values(const z3::model& m, const BranchEncoding& e, bool params, PinnedQuery& pins) const {
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

  static z3::expr small_ctas(z3::context& c, const BranchEncoding& e) {
    return e.ctaid[0] == c.bv_val(0, 32) && e.ctaid[1] == c.bv_val(0, 32) && e.ctaid[2] == c.bv_val(0, 32);
  }

  // The partition of the thread (or global thread) index space by outcome,
  // found with interval queries on one thread: only when the branch occurs
  // once per thread and nothing imprecise enters it.
  void ranges(z3::context& c, BranchEncoding& e, QueryRunner& q, BranchResult& r) {
    if (o_.max_ranges == 0 || r.indexed || e.instances.size() != 1 || e.instances[0].beyond || !e.imprecision.empty())
      return;
    // The ranges hold for one value of each parameter the branch reads: the
    // launch's, or the only one the assumptions allow (choose_parameters),
    // pinned here; a free one means no ranges (they would mix values). A
    // parameter the outcome does not mention cannot change it: a buffer's
    // pointer the kernel loaded elsewhere, say.
    const BranchInstance& inst = e.instances[0];
    // Outcome codes: 0 not reached, 1 taken, 2 not taken.
    z3::expr code = occurrence_code(c, inst);
    std::unordered_set<unsigned> visited, mentioned;
    smt::post_order(
        code, [&](const z3::expr& x) { return visited.count(x.id()) != 0; },
        [&](const z3::expr& x) {
          visited.insert(x.id());
          if (x.is_const()) mentioned.insert(x.id());
          return true;
        });
    z3::expr_vector pins(c);
    std::vector<std::pair<z3::expr, z3::expr>> fixed;
    for (const auto& [name, term] : e.params) {
      if (!mentioned.count(term.id())) continue;
      const ptx::Variable* p = f_.find_param(name);
      size_t index = p ? static_cast<size_t>(p - f_.params.data()) : chosen_.size();
      if (index >= chosen_.size() || !chosen_[index]) return;
      z3::expr value = c.bv_val(*chosen_[index], term.get_sort().bv_size());
      pins.push_back(term == value);
      fixed.emplace_back(term, value);
    }
    z3::expr pinned = z3::mk_and(pins);
    const LaunchSpec& l = o_.launch;
    uint64_t threads = uint64_t{l.block[0]} * l.block[1] * l.block[2];
    uint64_t ctas = uint64_t{l.grid[0]} * l.grid[1] * l.grid[2];
    bool global = uses_cta(f_, a_, {r.instruction});
    BranchRanges br;
    br.space = global ? "global thread" : "thread";
    z3::expr index = range_index(c, e, l, global);
    static constexpr const char* kNames[] = {"not reached", "taken", "not taken"};
    uint64_t n = global ? threads * ctas : threads;
    if (evaluated_ranges(c, e, q, code, index, pinned, fixed, global, n, br)) {
      br.splitting_warps = splitting_warps(br.ranges, threads, global);
      r.ranges = std::move(br);
      return;
    }
    auto in_range = [&](uint64_t lo, uint64_t hi) {
      return z3::uge(index, c.bv_val(lo, 64)) && z3::ult(index, c.bv_val(hi, 64));
    };
    auto code_at = [&](uint64_t i) -> std::optional<uint64_t> {
      std::optional<z3::model> m;
      if (q.check(e.base, pinned && index == c.bv_val(i, 64), "range-start", &m) != SmtStatus::Sat) return std::nullopt;
      return value_of(*m, code);
    };
    auto constant_on = [&](uint64_t lo, uint64_t hi, uint64_t o) {
      return q.check(e.base, pinned && in_range(lo, hi) && code != c.bv_val(o, 2), "range-extend") == SmtStatus::Unsat;
    };
    for (const Interval& i : intervals(n, o_.max_ranges, code_at, constant_on, br.complete))
      br.ranges.push_back({i.begin, i.end, kNames[i.code]});
    br.splitting_warps = splitting_warps(br.ranges, threads, global);
    r.ranges = std::move(br);
  }

  // The ranges read off the outcome evaluated at every thread of the
  // launch (evaluate_per_thread), then proved by one query: no thread
  // has an outcome other than its interval's (claimed_code). Without a
  // numeral for every thread, or without the proof, false: the
  // interval queries decide. Every interval is kept where the output can
  // name them in --max-ranges phrases, periodic runs included (`t % 2`
  // over 4096 threads: two), else the first --max-ranges. The cost no
  // longer grows with the intervals (the queries' did: two per interval).
  bool evaluated_ranges(z3::context& c, BranchEncoding& e, QueryRunner& q, const z3::expr& code, const z3::expr& index,
                        const z3::expr& pinned, const std::vector<std::pair<z3::expr, z3::expr>>& fixed, bool global,
                        uint64_t n, BranchRanges& br) {
    z3::expr_vector terms(c);
    terms.push_back(code);
    std::optional<std::vector<std::vector<uint64_t>>> rows =
        evaluate_per_thread(c, e, o_.launch, global, n, terms, fixed);
    if (!rows) return false;
    std::vector<uint64_t> codes;
    codes.reserve(rows->size());
    for (const std::vector<uint64_t>& row : *rows) codes.push_back(row[0]);
    std::vector<CodeRun> runs = code_runs(codes);
    if (claimed_pieces(runs) > kMostClaimedPieces) return false;
    if (q.check(e.base, pinned && code != claimed_code(c, index, runs, 2), "range-evaluated") != SmtStatus::Unsat)
      return false;
    static constexpr const char* kNames[] = {"not reached", "taken", "not taken"};
    std::vector<CodedInterval> partition;
    for (const CodeRun& run : runs) partition.push_back({run.begin, run.end, static_cast<uint32_t>(run.code)});
    // --max-ranges counts what the output names: a periodic run is one.
    br.complete = runs.size() <= o_.max_ranges ||
                  (runs.size() <= kMostKeptIntervals && periodic_runs(partition).size() <= o_.max_ranges);
    // The proof says nothing where no thread exists at all (a base the
    // pins contradict). Complete ranges are replayed thread by thread, which
    // would show it; the first intervals of a partition too long to keep
    // are not, so for them, like the interval search's first query
    // (`range-start`), this one must be satisfiable. (Asked always, it cost
    // a third of the concrete launch of tests/files/branches/concrete-params.)
    if (!br.complete &&
        q.check(e.base, pinned && index == c.bv_val(0, 64), "range-evaluated-exists") != SmtStatus::Sat)
      return false;
    if (!br.complete) runs.resize(o_.max_ranges);
    br.ranges.clear();
    for (const CodeRun& run : runs) br.ranges.push_back({run.begin, run.end, kNames[run.code]});
    return true;
  }

  const ptx::Module& m_;
  const ptx::Function& f_;
  const analysis::FunctionAnalysis& a_;
  const BranchOptions& o_;
  MemoryModel memory_;
  // Per parameter: the offsets of the pointer fields a witness places in
  // windows (witness_windows.h).
  std::vector<std::vector<uint32_t>> pointer_fields_;
  analysis::ThreadVariance variance_;  // empty with --no-thread-variance
  analysis::ThreadVariance variance_without_races_;  // the same without the race-free assumption (empty: not made)
  // What the loops' inductions proved, for every encoding of the kernel
  // (when the options bring no memo of their own, which check_kernel_branches
  // shares between the first pass and the exact-float pass).
  InductionMemo induction_memo_;
  // Per parameter: the value thread ranges are computed for (the launch's,
  // or chosen by choose_parameters); nullopt, none (no ranges).
  std::vector<std::optional<uint64_t>> chosen_;
  const SeenRuns* seen_;              // what the emulator's runs showed so far (may be null)
  AfterVerdict after_;                // called with each first-pass verdict (may be empty)
  double whole_warp_ms_ = 0;          // spent on whole-warp retries in this kernel
  // Source positions (family_of) one of whose copies had no answer to its
  // divergence query.
  std::set<std::tuple<uint32_t, uint32_t, uint32_t, uint32_t, uint32_t>> open_families_;
  // Branches finish() replayed already (replay_or_search_reached_launch):
  // settled() does not replay them again.
  std::set<uint32_t> replayed_early_;
  // Per source position and call chain (call_chain_of): its copies'
  // shared-value tries.
  struct SharedTries {
    unsigned proved = 0, failed = 0;
  };
  static constexpr unsigned kSharedTriesPerFamily = 2;
  std::map<std::vector<uint32_t>, SharedTries> shared_tries_;
  std::map<std::vector<uint32_t>, SharedTries> bitblast_tries_;  // proved_bitblasted's, keyed the same way
  std::map<std::vector<uint32_t>, SharedTries> outcome_tries_;   // proved_outcomes_alone's, keyed the same way
  NoAnswerBudget no_answer_{kNoAnswerBudgetTimeouts * o_.solver.timeout_ms};  // this kernel's queries without an answer
  std::set<uint32_t> not_unwritten_;  // loads an `unwritten` query did not prove, for any branch
  // Set for the exact-float pass: no query of it runs past its budget.
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  size_t unwritten_failures_ = 0;     // `unwritten` queries not proved since the last one proved
  size_t reachability_failures_ = 0;  // reachability queries in a row without an answer
  size_t bitblast_failures_ = 0;      // proved_bitblasted tries that proved nothing
  size_t bitblast_proofs_ = 0;        // and those that proved
  // The same for the outcomes-alone and shared-value retries: with the
  // thread-variance analysis proving what they were made for (CUTLASS's
  // role dispatch and pipeline waits behind the group scheduler), what
  // reaches them depends on a lane, and they prove nothing there (example
  // 57 #1: 36 and 36 tries, 37 s, none proved); after kMaxBitblastFailures
  // each, a kernel asks no more (without the analysis, as before).
  size_t outcome_failures_ = 0, shared_failures_ = 0;
  double unwritten_ms_ = 0;           // spent on `unwritten` encodings and queries in this kernel
};

// The values of a concrete launch's scalar parameters (docs/branches.md,
// "Parameters of a concrete launch"). Returned: per parameter, the value
// thread ranges and feasible paths may rely on, the launch's or the only
// one the assumptions allow; nullopt where the parameter is free (ranges
// and paths that read it are not computed). In `out.chosen_parameters`:
// every free non-pointer scalar with the value the replay runs it with,
// the solver's model of the launch and the assumptions (0 where no
// assumption names it), and in `out.parameters_note` those words. The
// verdicts hold for every value.
std::vector<std::optional<uint64_t>> choose_parameters(const ptx::Module& m, const ptx::Function& f,
                                                       const analysis::FunctionAnalysis& a, const BranchOptions& o,
                                                       KernelBranches& out) {
  std::vector<std::optional<uint64_t>> fixed = o.launch.param_values;
  fixed.resize(f.params.size());
  std::vector<size_t> free;
  for (size_t i = 0; i < f.params.size(); ++i)
    if (!fixed[i] && f.params[i].dims.empty() && ptx::bit_width(f.params[i].type) <= 64 &&
        !pointer_sized_param(m, f.params[i]))
      free.push_back(i);
  if (free.empty()) return fixed;
  z3::context c;
  BranchEncoding e = encode_branches(c, m, f, a, {}, o.launch, o.encoding);
  z3::solver s(c, z3::solver::simple());
  z3::params p(c);
  p.set("random_seed", o.solver.random_seed);
  s.set(p);
  for (const z3::expr& b : e.base) s.add(b);
  auto check = [&](const z3::expr_vector& extra) {
    QueryTimer timer(c, o.solver.timeout_ms);
    return s.check(extra);
  };
  z3::expr_vector none(c);
  if (check(none) != z3::sat) {
    out.parameters_note = "none chosen: the solver found no values that meet the assumptions in time";
    return fixed;
  }
  z3::model model = s.get_model();
  // nvcc names parameters <kernel>_param_<n>: the kernel's name is said already.
  auto shown = [&](std::string_view name) {
    if (name.size() > f.name.size() + 1 && name.starts_with(f.name) && name[f.name.size()] == '_')
      name.remove_prefix(f.name.size() + 1);
    return std::string(name);
  };
  std::vector<std::string> parts;
  bool any_free = false;
  for (size_t i : free) {
    std::string name(f.params[i].name);
    auto it = std::find_if(e.params.begin(), e.params.end(), [&](const auto& np) { return np.first == name; });
    uint64_t v = 0;
    if (it == e.params.end()) {
      parts.push_back(fmt::format("{} = 0 (free)", shown(name)));
      any_free = true;
    } else {
      v = value_of(model, it->second);
      z3::expr_vector other(c);
      other.push_back(it->second != c.bv_val(v, it->second.get_sort().bv_size()));
      if (check(other) == z3::unsat) {
        fixed[i] = v;
        parts.push_back(fmt::format("{} = {} (the only value the assumptions allow)", shown(name), v));
      } else {
        parts.push_back(fmt::format("{} = {} (free: the solver's choice among the values the assumptions allow)",
                                    shown(name), v));
        any_free = true;
      }
    }
    out.chosen_parameters.emplace_back(name, v);
  }
  out.parameters_note = fmt::format("{}", fmt::join(parts, ", "));
  if (any_free)
    out.parameters_note += "; the replay runs with these values, and no thread ranges or feasible paths rely on a "
                           "free one (--launch or --assume fixes it)";
  return fixed;
}

void feasible_paths(const ptx::Module& m, const ptx::Function& f, const analysis::FunctionAnalysis& a,
                    const BranchOptions& o, const std::vector<std::optional<uint64_t>>& chosen, KernelBranches& out) {
  std::vector<uint32_t> branches;
  for (const analysis::BranchSlice& s : a.slices)
    if (f.instructions[s.branch].op == ptx::Opcode::Bra) branches.push_back(s.branch);
  if (branches.empty() || !o.launch.concrete_block || !o.launch.concrete_grid) return;
  if (o.max_paths == 0) {
    out.paths_complete = false;
    return;
  }
  // The paths of one value of each parameter (the launch's, or the only one
  // the assumptions allow), as numerals: paths over free parameters would
  // mix values, and the replay runs one.
  LaunchSpec pinned = o.launch;
  pinned.param_values = chosen;
  z3::context c;
  BranchEncodingOptions eo = o.encoding;
  BranchEncoding e = encode_branches(c, m, f, a, branches, pinned, eo);
  std::vector<std::string> free;
  for (const auto& [name, term] : e.params)
    if (const ptx::Variable* p = f.find_param(name); p && !pointer_sized_param(m, *p)) free.push_back(name);
  if (!free.empty()) {
    out.paths_complete = false;
    out.paths_note = fmt::format("not computed: the branches read {}, which the launch leaves free (--launch or "
                                 "--assume fixes them)",
                                 fmt::join(free, ", "));
    return;
  }
  if (!e.unsupported.empty() || !e.imprecision.empty()) {
    out.paths_complete = false;
    return;
  }
  for (const BranchInstance& i : e.instances)
    if (i.beyond) {
      out.paths_complete = false;
      return;
    }
  z3::params p(c);
  p.set("random_seed", o.solver.random_seed);
  auto check = [&](z3::solver& s) {
    QueryTimer timer(c, o.solver.timeout_ms);
    return s.check();
  };
  auto solver_with = [&](const z3::expr& extra) {
    z3::solver s(c, z3::solver::simple());
    s.set(p);
    for (const z3::expr& b : e.base) s.add(b);
    s.add(extra);
    return s;
  };
  const LaunchSpec& l = pinned;
  bool global = uses_cta(f, a, branches);
  out.paths_space = global ? "global thread" : "thread";
  uint64_t n = uint64_t{l.block[0]} * l.block[1] * l.block[2] * (global ? uint64_t{l.grid[0]} * l.grid[1] * l.grid[2] : 1);
  z3::expr index = range_index(c, e, l, global);
  z3::expr local_only = global ? c.bool_val(true) : e.ctaid[0] == 0 && e.ctaid[1] == 0 && e.ctaid[2] == 0;
  // Evaluated first (evaluated_outcomes): the threads grouped by their
  // outcomes, in order of their first thread, all confirmed by one query:
  // no thread has, at any occurrence, an outcome other than the evaluated
  // one of its index (claimed_code), so each path holds exactly its threads
  // and no thread takes another. One query for the whole list: a query per
  // path and one for the list cost more than the symbolic analysis of
  // tests/files/branches/concrete-params. Any doubt: the queries below.
  if (std::optional<std::vector<std::vector<int>>> by_thread = evaluated_outcomes(c, e, l, global, n)) {
    std::vector<std::pair<std::vector<int>, std::vector<Range>>> groups;
    std::map<std::vector<int>, size_t> group_of;
    for (uint64_t t = 0; t < n; ++t) {
      auto [it, fresh] = group_of.try_emplace((*by_thread)[t], groups.size());
      if (fresh) groups.push_back({(*by_thread)[t], {}});
      std::vector<Range>& r = groups[it->second].second;
      if (!r.empty() && r.back().end == t) r.back().end = t + 1;
      else r.push_back({t, t + 1, "on path"});
    }
    if (groups.size() <= o.max_paths) {
      std::vector<std::vector<CodeRun>> runs_of(e.instances.size());
      size_t pieces = 0;
      for (size_t k = 0; k < e.instances.size(); ++k) {
        std::vector<uint64_t> column;
        column.reserve(n);
        for (const std::vector<int>& outcome : *by_thread) column.push_back(static_cast<uint64_t>(outcome[k]));
        runs_of[k] = code_runs(column);
        pieces += claimed_pieces(runs_of[k]);
      }
      // A claim of too many irregular pieces is too large a query to be cheap.
      bool small = pieces <= kMostClaimedPieces;
      z3::expr_vector differs(c);
      for (size_t k = 0; k < e.instances.size() && small; ++k)
        differs.push_back(occurrence_code(c, e.instances[k]) != claimed_code(c, index, runs_of[k], 2));
      // A base the pins contradicted would make this proof vacuous; the
      // replay checks every thread of every path's ranges, which would show it.
      std::optional<z3::solver> all;
      if (small) all.emplace(solver_with(local_only && (differs.empty() ? c.bool_val(false) : z3::mk_or(differs))));
      if (all && check(*all) == z3::unsat) {
        for (auto& [outcome, threads] : groups) {
          FeasiblePath path;
          for (size_t k = 0; k < e.instances.size(); ++k)
            path.outcomes.emplace_back(f.instructions[e.instances[k].branch].pos.line,
                                       outcome[k] == 0 ? "not reached" : outcome[k] == 1 ? "taken" : "not taken");
          // The cap counts what the output names: a periodic run is one.
          if (threads.size() > 4 * o.max_ranges &&
              (threads.size() > kMostKeptIntervals ||
               periodic_runs(subset_partition(interval_pairs(threads), n)).size() > 4 * o.max_ranges)) {
            threads.resize(4 * o.max_ranges);
            out.paths_complete = false;
          }
          path.threads = std::move(threads);
          out.paths.push_back(std::move(path));
        }
        return;
      }
    }
  }
  z3::solver paths = solver_with(local_only);
  z3::solver probe = solver_with(local_only);
  while (out.paths.size() < o.max_paths) {
    z3::check_result found = check(paths);
    if (found == z3::unknown) out.paths_complete = false;
    if (found != z3::sat) break;
    z3::model model = paths.get_model();
    FeasiblePath path;
    z3::expr_vector same(c);
    for (const BranchInstance& i : e.instances) {
      bool reached = model.eval(i.reach[0], true).is_true();
      bool taken = reached && value_of(model, i.out[0]) == 1;
      path.outcomes.emplace_back(f.instructions[i.branch].pos.line, !reached ? "not reached" : taken ? "taken" : "not taken");
      same.push_back(reached ? (i.reach[0] && (i.out[0] == c.bv_val(taken ? 1 : 0, 1))) : !i.reach[0]);
    }
    z3::expr on_path = z3::mk_and(same);
    // The thread ids on this path, as maximal intervals (code 1: on it).
    // Every interval query of every path on one solver that holds the
    // encoding once, each query's own constraints pushed and popped: a
    // fresh solver per query re-asserted the whole encoding each time
    // (the ten paths of tests/files/branches/concrete-params cost 3.6 s
    // CPU that way, against 0.29 s for the symbolic analysis).
    auto probe_check = [&](const z3::expr& extra) {
      probe.push();
      probe.add(extra);
      z3::check_result r = check(probe);
      probe.pop();
      return r;
    };
    auto code_at = [&](uint64_t i) -> std::optional<uint64_t> {
      z3::check_result r = probe_check(index == c.bv_val(i, 64) && on_path);
      if (r == z3::unknown) return std::nullopt;
      return r == z3::sat ? 1 : 0;
    };
    auto constant_on = [&](uint64_t lo, uint64_t hi, uint64_t code) {
      return probe_check(z3::uge(index, c.bv_val(lo, 64)) && z3::ult(index, c.bv_val(hi, 64)) &&
                         (code ? !on_path : on_path)) == z3::unsat;
    };
    bool complete = false;
    for (const Interval& i : intervals(n, 4 * o.max_ranges, code_at, constant_on, complete))
      if (i.code) path.threads.push_back({i.begin, i.end, "on path"});
    if (!complete) out.paths_complete = false;
    out.paths.push_back(std::move(path));
    paths.add(!on_path);
  }
  if (out.paths.size() >= o.max_paths) out.paths_complete = false;
}

}  // namespace

void apply_launch_directives(const ptx::Function& k, LaunchSpec& l) {
  bool declared = k.maxntid[0] && l.declared_block && !l.concrete_block;
  if (k.reqntid[0] || declared) {
    const uint32_t* d = k.reqntid[0] ? k.reqntid : k.maxntid;
    uint32_t want[3] = {std::max(1u, d[0]), std::max(1u, d[1]), std::max(1u, d[2])};
    if (!l.concrete_block) {
      l.concrete_block = true;
      std::copy(want, want + 3, l.block);
    }
    // A given block that differs cannot launch: launch_exists says so.
    l.assumptions.push_back(parse_assumption(
        fmt::format("ntid.x == {} && ntid.y == {} && ntid.z == {}", want[0], want[1], want[2])));
    l.assumptions.back().text += k.reqntid[0] ? " (.reqntid)" : " (.maxntid, --declared-block)";
    return;
  }
  if (k.maxntid[0]) {
    uint64_t most = uint64_t{std::max(1u, k.maxntid[0])} * std::max(1u, k.maxntid[1]) * std::max(1u, k.maxntid[2]);
    l.assumptions.push_back(parse_assumption(fmt::format("ntid.x * ntid.y * ntid.z <= {}", most)));
    l.max_block_threads = static_cast<uint32_t>(std::min<uint64_t>(l.max_block_threads, most));
    l.assumptions.back().text += " (.maxntid)";
  }
}

SmtStatus launch_exists(const ptx::Module& m, const ptx::Function& kernel, const BranchOptions& o) {
  z3::context c;
  analysis::FunctionAnalysis a = analysis::analyse_function(kernel, m.source);
  BranchEncoding e = encode_branches(c, m, kernel, a, {}, o.launch, o.encoding);
  BranchResult scratch;
  QueryRunner q(c, o, fmt::format("branches.{}.launch", kernel.name), scratch, o.solver.timeout_ms);
  return q.check(e.base, c.bool_val(true), "exists");
}

KernelBranches analyse_branches(const ptx::Module& m, const ptx::Function& kernel, const BranchOptions& o,
                                const SeenRuns* seen, AfterVerdict after) {
  KernelBranches out;
  out.name = std::string(kernel.name);
  out.function = static_cast<uint32_t>(&kernel - m.functions.data());
  out.assumptions = describe_assumptions(kernel, o);
  analysis::FunctionAnalysis a = analysis::analyse_function(kernel, m.source);
  BranchSolver solver(m, kernel, a, o, seen, std::move(after));
  std::vector<std::optional<uint64_t>> chosen;
  if (o.launch.concrete_block && o.launch.concrete_grid) chosen = choose_parameters(m, kernel, a, o, out);
  out.fixed_parameters = chosen;
  solver.pin_parameters(chosen);
  std::vector<uint32_t> branches;
  for (const analysis::BranchSlice& s : a.slices) branches.push_back(s.branch);
  out.branches = solver.solve_kernel(branches);
  // Unreachable blocks' branches are not in a.slices: report them too.
  for (uint32_t i = 0; i < kernel.instructions.size(); ++i)
    if (analysis::is_conditional_branch(kernel.instructions[i]) && !a.cfg.reachable[a.cfg.block_of[i]]) {
      BranchResult r;
      r.instruction = i;
      r.ptx_line = kernel.instructions[i].pos.line;
      r.loc = kernel.instructions[i].loc;
      r.verdict = BranchVerdict::Unreachable;
      r.reason = "no path from the function's entry leads to it";
      out.branches.push_back(r);
    }
  std::sort(out.branches.begin(), out.branches.end(),
            [](const BranchResult& x, const BranchResult& y) { return x.instruction < y.instruction; });
  feasible_paths(m, kernel, a, o, chosen, out);
  return out;
}

std::vector<size_t> refine_open_branches(const ptx::Module& m, const ptx::Function& kernel, const BranchOptions& o,
                                         KernelBranches& result) {
  if (o.exact_float_budget_ms <= 0 && o.linked_store_budget_ms <= 0) return {};
  analysis::FunctionAnalysis a = analysis::analyse_function(kernel, m.source);
  std::vector<size_t> changed;
  // A solver each: the exact floats' deadline must not bound the linked
  // stores' queries.
  // The ranges of the verdicts they change hold for the first pass's values.
  std::vector<std::optional<uint64_t>> chosen = result.fixed_parameters;
  if (o.exact_float_budget_ms > 0) {
    BranchSolver exact(m, kernel, a, o);
    exact.pin_parameters(chosen);
    changed = exact.retry_with_exact_floats(result.branches);
  }
  if (o.linked_store_budget_ms > 0) {
    BranchSolver linked(m, kernel, a, o);
    linked.pin_parameters(chosen);
    for (size_t i : linked.retry_with_linked_stores(result.branches))
      if (std::find(changed.begin(), changed.end(), i) == changed.end()) changed.push_back(i);
  }
  std::sort(changed.begin(), changed.end());
  return changed;
}

}  // namespace warpsat
