// BranchSolver's driver (branch_analysis_detail.h): a kernel's branches in
// groups on shared encodings, one branch's shallow then full-depth
// encodings, and what follows its two-lane verdict.
#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include "encodings/branch_view.h"
#include "solver/branch_analysis_detail.h"
#include "solver/witness_windows.h"

namespace warpsat::branch_analysis_detail {

namespace {

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
// Loop iterations unrolled by the first encoding of a branch (the full
// depth, --unroll, only when a split shows beyond them).
constexpr unsigned kFirstUnroll = 1;
// The first encoding's queries (when it abstracted loops) give up sooner: the
// full depth is tried next anyway.
constexpr unsigned kShallowTimeoutMs = 500;

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

}  // namespace

BranchSolver::BranchSolver(const ptx::Module& m, const ptx::Function& f, const analysis::FunctionAnalysis& a,
                           const BranchOptions& o, const SeenRuns* seen, AfterVerdict after)
    : m_(m),
      f_(f),
      a_(a),
      o_(o),
      memory_(m, f, a, o.encoding.race_free),
      pointer_fields_(struct_pointer_fields(m, f, a.defs)),
      any_pointer_fields_(struct_pointer_fields(m, f, a.defs, true)),
      variance_(variance_under(f, a, o, o.encoding.race_free)),
      variance_without_races_(o.encoding.race_free ? variance_under(f, a, o, false) : analysis::ThreadVariance{}),
      seen_(seen),
      after_(std::move(after)) {}

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
std::vector<BranchResult> BranchSolver::solve_kernel(const std::vector<uint32_t>& all) {
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
bool BranchSolver::uniform_by_dependence(uint32_t b) const {
  return proved_by_dependence(b) && seen_ && seen_->reached.count(b) &&
         !(o_.launch.concrete_block && o_.launch.concrete_grid && o_.max_ranges > 0);
}

// The loads a proof by dependence read as race-free (where it needs
// them: the analysis without that assumption does not prove the branch),
// named as the encoding names them, so that a race --racecheck finds
// makes the verdict conditional as it makes the solver's.
std::vector<std::string> BranchSolver::race_free_reads(uint32_t b) const {
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
void BranchSolver::seen_ranges(BranchResult& r) {
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
bool BranchSolver::guarded_by_elect(uint32_t branch) const {
  analysis::BranchSlice slice = analysis::backward_closure(f_, a_, {branch});
  return std::any_of(slice.instructions.begin(), slice.instructions.end(),
                     [&](uint32_t i) { return f_.instructions[i].op == ptx::Opcode::Elect; });
}

// A divergent verdict whose witness is a split the emulator saw.
BranchResult BranchSolver::seen_result(uint32_t branch) const {
  BranchResult r = result_for(branch);
  take_seen(r);
  return r;
}

void BranchSolver::take_seen(BranchResult& r) const {
  r.verdict = BranchVerdict::Divergent;
  r.seen_split = true;
  r.replay_decides = false;
  r.imprecision.clear();
  r.witness = seen_->splits.at(r.instruction).witness;
  r.reason = "the emulator saw two lanes of one warp go different ways in a launch that meets the assumptions";
}

std::vector<BranchResult> BranchSolver::solve_unseen(const std::vector<uint32_t>& branches) {
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

std::vector<BranchResult> BranchSolver::solve_group(const std::vector<uint32_t>& branches) {
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
  // Last in the group's context, whose every new term would change how the
  // group's later queries go (CUTLASS 56 #1: 3.6 -> 8.9 s).
  auto search_reaching_launches = [&] {
    for (BranchResult& r : out) {
      if (!wants_reaching_launch(r)) continue;
      BranchEncoding v = views.view(r.instruction, own_slice(r.instruction));
      QuerySession::Scope scope(session);
      QueryRunner q = runner(c, r, v, shallow ? eo.unroll : 0, &session);
      search_reaching_launch(c, v, q, r);
    }
  };
  if (deeper.empty()) {
    search_reaching_launches();
    return out;
  }
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
  search_reaching_launches();
  return out;
}

// One branch on an encoding of its own slice.
BranchResult BranchSolver::solve(uint32_t branch, bool exact_floats, bool linked_stores,
                                 bool same_address_stores) {
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
  search_reaching_launch(c, e, *q, r);
  r.solve_ms = elapsed_ms(start);
  return r;
}

// The options of this kernel's encodings: its loops' inductions shared.
BranchEncodingOptions BranchSolver::encoding_options() {
  BranchEncodingOptions eo = o_.encoding;
  if (!eo.induction_memo) eo.induction_memo = &induction_memo_;
  return eo;
}

// A branch's first-pass verdict is final here: the caller may replay it
// at once (its witness's run then shows splits of later branches).
void BranchSolver::settled(BranchResult& r) {
  if (after_ && !replayed_early_.erase(r.instruction)) after_(r);
}

double BranchSolver::elapsed_ms(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - since).count();
}

// The branch's own backward slice (sorted), from the function's analysis.
const std::vector<uint32_t>* BranchSolver::own_slice(uint32_t branch) const {
  for (const analysis::BranchSlice& sl : a_.slices)
    if (sl.branch == branch) return &sl.instructions;
  return nullptr;
}

BranchResult BranchSolver::result_for(uint32_t branch) const {
  BranchResult r;
  const ptx::Instruction& ins = f_.instructions[branch];
  r.instruction = branch;
  r.ptx_line = ins.pos.line;
  r.loc = ins.loc;
  r.indexed = ins.op == ptx::Opcode::Brx;
  return r;
}

std::string BranchSolver::stem_of(uint32_t branch) const {
  return fmt::format("branches.{}.line{}", f_.name, f_.instructions[branch].pos.line);
}

// The queries of one branch on `e`; `shallow_unroll` > 0 names them after
// the first, shallow encoding and gives them less time (the full depth is
// tried next anyway).
QueryRunner BranchSolver::runner(z3::context& c, BranchResult& r, const BranchEncoding& e, unsigned shallow_unroll,
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
void BranchSolver::finish(z3::context& c, BranchEncoding& e, QueryRunner& q, const BranchEncodingOptions& eo,
                          BranchResult& r) {
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
void BranchSolver::replay_or_search_reached_launch(z3::context& c, const BranchEncoding& e, QueryRunner& q,
                                                   BranchResult& r) {
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

BranchEncoding BranchSolver::timed_encode(BranchResult& r, z3::context& c, uint32_t branch,
                                          const BranchEncodingOptions& eo) {
  auto start = std::chrono::steady_clock::now();
  BranchEncoding e = encode_branch(c, m_, f_, a_, branch, o_.launch, eo);
  r.encode_ms += record_encode(start);
  return e;
}

// Time since `start`, counted into the stats as an encoding (the
// induction's queries within it are counted on their own as well).
// `what`: which encoding, for --stats ("branches together", "full depth", ...).
double BranchSolver::record_encode(std::chrono::steady_clock::time_point start, const char* what) const {
  double ms = elapsed_ms(start);
  if (o_.encoding.stats) o_.encoding.stats->record(fmt::format("encode ({}, induction included)", what), "", ms);
  return ms;
}

}  // namespace warpsat::branch_analysis_detail
