// What a concrete launch adds: each branch's thread-id ranges by outcome
// (BranchSolver::ranges) and the kernel's feasible paths, each read off the
// outcomes evaluated per thread and proved by one query where it can, else
// found with interval queries.
#include <algorithm>
#include <unordered_set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "encodings/query_timer.h"
#include "encodings/term_fingerprint.h"
#include "frontend/kernel_params.h"
#include "frontend/periodic_ranges.h"
#include "solver/branch_analysis_detail.h"
#include "solver/thread_evaluation.h"

namespace warpsat::branch_analysis_detail {

namespace {

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

}  // namespace

// The partition of the thread (or global thread) index space by outcome,
// found with interval queries on one thread: only when the branch occurs
// once per thread and nothing imprecise enters it.
void BranchSolver::ranges(z3::context& c, BranchEncoding& e, QueryRunner& q, BranchResult& r) {
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
bool BranchSolver::evaluated_ranges(z3::context& c, BranchEncoding& e, QueryRunner& q, const z3::expr& code,
                                    const z3::expr& index, const z3::expr& pinned,
                                    const std::vector<std::pair<z3::expr, z3::expr>>& fixed, bool global, uint64_t n,
                                    BranchRanges& br) {
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

}  // namespace warpsat::branch_analysis_detail
