// The Replayer's passes, in the order the entry points call them: before
// the queries (shapes and the exploration), as each verdict arrives (its
// witness at once), after the queries (every check), and the checks alone
// for a cached answer.
#include "solver/branch_replay_detail.h"

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include <fmt/format.h>

#include "frontend/analysis/cfg.h"
#include "solver/cross_validation.h"

namespace warpsat::branch_replay_detail {

Replayer::Replayer(const ptx::Module& m, const ptx::Function& k, const BranchOptions& o, KernelBranches& r,
                   const ReplayOptions& ro)
    : m_(m), k_(k), o_(o), r_(r), ro_(ro), index_(static_cast<uint32_t>(&k - m.functions.data())),
      launches_(m, k, o.launch),
      waits_on_mbarriers_(std::any_of(k.instructions.begin(), k.instructions.end(), [](const ptx::Instruction& i) {
        return i.op == ptx::Opcode::Mbarrier && (i.has("try_wait") || i.has("test_wait"));
      })) {
  for (const ReplayOptions::FileLaunch& f : ro.replay_launches)
    if (f.launch.kernel == k.name) file_launches_.push_back(&f);
  check_file_launches();
}

// Before the queries, for launches the replay makes up: the first
// phase of shapes and the exploration, whose splits need no query.
// What every run so far showed; the queries read it as it grows.
const SeenRuns& Replayer::run_before_queries() {
  if (concrete() || !has_conditional_branches()) return seen_;
  // Both phases of shapes: their splits spare the queries as the
  // exploration's do (CUB's file: 38 s -> 32 s, 6 more branches
  // decided), and the uniform verdicts are checked against them after.
  run_shapes(0);
  run_shapes(1, true);
  shapes_ran_ = true;
  explore();
  return seen_;
}

// A first-pass verdict as soon as the queries give it: a divergent
// branch's witness runs at once, and every split that run shows joins
// what run_before_queries returned, so that later branches need no
// query.
//
// A split the model found only through values it does not model exactly
// (floats, shared memory) that its witness did not reproduce gets its
// random-data runs at once too, run on past its split: the data that splits
// one branch of a data-dependent sequence (a histogram's bin tests)
// splits the ones after it, which then need no query (CUB's first
// histogram sweep asked 95 divergence queries for branches these runs
// settled only after the last query).
void Replayer::replay_now(BranchResult& b) {
  if (b.verdict != BranchVerdict::Divergent || b.seen_split || b.validated || ro_.fault != ReplayFault::None) return;
  replay_witness(b, true);
  witness_ran_.insert(b.instruction);
  if (!open(b)) {
    if (b.validated) harvest_from(*b.witness);
    return;
  }
  if (fuzz_spent_) return;
  // Another copy of the same source line (an unrolled loop's test with
  // other constants) whose random-data runs split nothing: these runs
  // would not either (CUTLASS's FP8 GEMM: four copies each of three
  // epilogue tests, 6 runs of a whole mainloop each).
  auto family = std::make_tuple(b.loc.file, b.loc.line, b.loc.column, b.loc.outer_file, b.loc.outer_line);
  if (b.loc.line && dry_families_.count(family)) {
    fuzzed_.insert(b.instruction);
    return;
  }
  for (int phase = 0; phase < 2 && !observed_splits_.count(b.instruction); ++phase)
    if (!fuzz_open_branch(b, phase, last_good_plan_[phase], true)) {
      fuzz_spent_ = true;
      break;
    }
  fuzzed_.insert(b.instruction);
  if (!fuzz_spent_ && !observed_splits_.count(b.instruction)) dry_families_.insert(family);
  settle_if_observed(b);
}

// replay_cached_verdicts: the checks alone, on a copy of the answer.
void Replayer::check_cached(const KernelBranches& cached, size_t shapes) {
  std::vector<uint32_t> branches;
  for (uint32_t i = 0; i < k_.instructions.size(); ++i)
    if (analysis::is_conditional_branch(k_.instructions[i])) branches.push_back(i);
  bool same = branches.size() == r_.branches.size();
  for (size_t i = 0; same && i < branches.size(); ++i) same = r_.branches[i].instruction == branches[i];
  if (!same)
    throw CrossValidationError(fmt::format("branches of {}", k_.name),
                               {fmt::format("the cache holds verdicts for {} branch(es), the kernel has {} other ones",
                                            r_.branches.size(), branches.size())},
                               "(none: a cached answer, no query asked)");
  if (concrete()) {
    replay_concrete();
  } else if (!r_.branches.empty()) {
    run_shapes(0, false, shapes);
    check_shapes();
  }
  // A divergent verdict stands on its witness: the solver's is replayed;
  // one a run showed (random data the cache does not keep) is not.
  for (BranchResult& b : r_.branches) {
    if (b.verdict != BranchVerdict::Divergent) continue;
    if (!b.witness) contradiction(b, "cached as divergent, but with no witness");
    else if (!b.seen_split && b.witness->replayable && b.validation.find("replayed the witness") != std::string::npos)
      replay_witness(b);
  }
  for (size_t i = 0; i < r_.branches.size(); ++i)
    if (r_.branches[i].verdict != cached.branches[i].verdict)
      contradiction(r_.branches[i], fmt::format("cached as {}, but its replay now says {}: {}",
                                                to_string(cached.branches[i].verdict),
                                                to_string(r_.branches[i].verdict), r_.branches[i].validation));
  report_mismatches();
}

void Replayer::run() {
  inject_fault();
  if (concrete()) {
    replay_concrete();
  } else if (!r_.branches.empty()) {  // nothing to check in launches made up for no branch
    if (!shapes_ran_) {
      run_shapes(0);
      run_shapes(1);
    }
    run_shapes(2);
    // After every other made-up launch: only verdicts none of them reached.
    for (BranchResult& b : r_.branches) run_reaching_launch(b);
    check_shapes();
  }
  for (BranchResult& b : r_.branches)
    if (witness_ran_.count(b.instruction)) {
      continue;
    } else if (b.verdict == BranchVerdict::Divergent && b.seen_split) {
      // The witness is a run that already split there (seen_.splits).
      b.validated = true;
      b.validation = seen_.splits.at(b.instruction).seen;
      if (b.confirmed) b.validation += "; the encoding, pinned to that run, allows the split";
    } else if (b.verdict == BranchVerdict::Divergent) {
      replay_witness(b);
    }
  fuzz_open_branches();
  settle_by_observed_splits();
  unsettle_unreproduced_splits();
  for (BranchResult& b : r_.branches)
    if (b.verdict == BranchVerdict::Unknown && b.validation.empty()) b.validation = "no verdict to replay";
  report_mismatches();
}

bool Replayer::has_conditional_branches() const {
  return std::any_of(k_.instructions.begin(), k_.instructions.end(),
                     [](const ptx::Instruction& i) { return analysis::is_conditional_branch(i); });
}

}  // namespace warpsat::branch_replay_detail
