// Verdicts against what the runs saw: uniform and unreachable verdicts,
// ranges and paths against every execution, divergent ones settled or
// unsettled by the splits seen, races, and the report of contradictions.
#include "solver/branch_replay_detail.h"

#include <algorithm>
#include <cstdint>
#include <exception>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "encodings/branch_encoding.h"
#include "frontend/kernel_names.h"
#include "solver/cross_validation.h"
#include "solver/smt_query.h"

namespace warpsat::branch_replay_detail {

namespace {

// Whether a verdict stands on the race-free reading of shared memory: a
// proof (uniform, unreachable) or thread ranges whose encoding read shared
// memory after a barrier as what was stored before it. A divergent
// verdict stands on a run that split, whatever races.
bool relies_on_race_freedom(const BranchResult& b, const BranchOptions& o) {
  if (!o.encoding.race_free) return false;
  bool proof = b.verdict == BranchVerdict::Uniform || b.verdict == BranchVerdict::Unreachable || b.ranges;
  return proof && std::any_of(b.imprecision.begin(), b.imprecision.end(), [](const std::string& why) {
           return why == kSharedAfterBarrierImprecision || why == kWarpCoherentGlobalImprecision ||
                  why == kWarpCoherentGenericImprecision;
         });
}

}  // namespace

void mark_race_conditional(KernelBranches& k, const BranchOptions& o) {
  if (k.races.empty()) return;
  for (BranchResult& b : k.branches) b.race_conditional = b.race_conditional || relies_on_race_freedom(b, o);
}

// A race is a finding about the kernel (exit 1 in the CLI), never a
// contradiction: it goes into the answer, and the verdicts that read
// shared memory as race-free are marked conditional. A replay that
// contradicts such a verdict in a launch that raced in shared memory
// shows the race, not a wrong proof: the verdict stays, not validated,
// saying so. Any other contradiction is warpsat's (exit 3).
void Replayer::settle_races() {
  for (RaceFinding& f : races_)
    if (std::find(r_.races.begin(), r_.races.end(), f) == r_.races.end()) r_.races.push_back(std::move(f));
  races_.clear();
  mark_race_conditional(r_, o_);
  for (BranchResult& b : r_.branches) {
    auto it = race_explained_.find(b.instruction);
    if (it == race_explained_.end()) continue;
    b.race_conditional = true;
    b.validated = false;
    b.validation = fmt::format("not re-derived: {}, in a launch with a shared-memory race, where the race-free "
                               "reading of shared memory this verdict relies on does not hold",
                               it->second);
  }
}

void Replayer::report_mismatches() {
  settle_races();
  if (!mismatches_.empty()) {
    std::string dir = ro_.dump_dir.empty() ? "." : ro_.dump_dir;
    std::string path;
    try {
      path = write_smt2(dir, fmt::format("branches.{}.line{}.disagreement", k_.name, first_bad_line_),
                        branch_query_smt2(m_, k_, first_bad_, o_));
    } catch (const std::exception& e) {
      path = std::string("(could not write the query: ") + e.what() + ")";
    }
    throw CrossValidationError(fmt::format("branches of {}", short_kernel_name(k_.name)), mismatches_, path);
  }
}

// One report per branch: the first launch that contradicts it.
void Replayer::contradiction(const BranchResult& b, const std::string& what) {
  if (checking_racy_launch_ && relies_on_race_freedom(b, o_)) {
    race_explained_.try_emplace(b.instruction, what);
    return;
  }
  if (!contradicted_.insert(b.instruction).second) return;
  if (mismatches_.empty()) first_bad_ = b.instruction, first_bad_line_ = b.ptx_line;
  mismatches_.push_back(fmt::format("PTX line {}: {}", b.ptx_line, what));
}

void Replayer::inject_fault() {
  for (BranchResult& b : r_.branches) {
    if (ro_.fault == ReplayFault::FlipDivergent && b.verdict == BranchVerdict::Divergent) {
      b.verdict = BranchVerdict::Uniform;
      b.witness.reset();
      return;
    }
    if (ro_.fault == ReplayFault::FlipUniform && b.verdict == BranchVerdict::Uniform) {
      b.verdict = BranchVerdict::Divergent;
      Witness w;
      for (int d = 0; d < 3; ++d) w.block[d] = o_.launch.concrete_block ? o_.launch.block[d] : (d == 0 ? 32 : 1);
      w.lane[1] = 1;
      w.tid[1][0] = 1;
      w.outcome[0] = 1;
      w.replayable = true;
      b.witness = w;
      b.ranges.reset();
      return;
    }
  }
}

// Checks a uniform or unreachable verdict, and ranges, against what ran.
void Replayer::check(BranchResult& b, const Observations& obs, const uint32_t block[3], bool all_ctas,
                     size_t& checked) {
  auto it = obs.find(b.instruction);
  size_t n = it == obs.end() ? 0 : it->second.size();
  if (b.verdict == BranchVerdict::Unreachable && n > 0)
    contradiction(b, fmt::format("proved unreachable, but warp {} of block {} executed it", it->second[0].warp,
                                 it->second[0].cta));
  if (b.verdict == BranchVerdict::Uniform && n > 0)
    for (const Observation& ob : it->second)
      if (ob.taken != 0 && ob.taken != ob.active) {
        contradiction(b, fmt::format("proved uniform, but warp {} of block {} split: lanes {} took it, lanes {} did not",
                                     ob.warp, ob.cta, lanes_text(ob.taken), lanes_text(ob.active & ~ob.taken)));
        break;
      }
  if (b.ranges && b.ranges->complete) {
    uint64_t threads = uint64_t{block[0]} * block[1] * block[2];
    bool global = b.ranges->space == "global thread";
    std::map<uint64_t, std::string> seen;  // thread index -> outcome
    if (n)
      for (const Observation& ob : it->second)
        for (unsigned l = 0; l < 32; ++l)
          if (ob.active >> l & 1) {
            uint64_t t = (global ? ob.cta * threads : 0) + ob.warp * 32u + l;
            seen[t] = (ob.taken >> l & 1) ? "taken" : "not taken";
          }
    for (const Range& r : b.ranges->ranges) {
      uint64_t end = all_ctas || !global ? r.end : std::min<uint64_t>(r.end, r.begin + 4096);
      for (uint64_t t = r.begin; t < end; ++t) {
        if (global && !all_ctas && !observed_cta(obs, t / threads)) continue;
        auto s = seen.find(t);
        std::string got = s == seen.end() ? "not reached" : s->second;
        if (got != r.outcome) {
          contradiction(b, fmt::format("range [{},{}) says {}, but thread {} was {}", r.begin, r.end, r.outcome, t, got));
          return;
        }
      }
    }
  }
  checked += n;
}

bool Replayer::observed_cta(const Observations& obs, uint64_t cta) const {
  return ran_ctas_.count(cta) > 0 || obs.empty();
}

void Replayer::replay_concrete() {
  simt::Launch l = ro_.launch ? *ro_.launch : launches_.shape(o_.launch.block, o_.launch.grid, 0);
  // The parameter values the ranges and paths were computed for (the
  // solver's model of the assumptions where the launch gives none).
  for (const auto& [name, v] : r_.chosen_parameters)
    if (const ptx::Variable* p = k_.find_param(name)) launches_.set_scalar(l, static_cast<size_t>(p - k_.params.data()), v);
  // A uniform proof holds for launches that meet the assumptions: one
  // that does not proves nothing, and choosing it is warpsat's own bug.
  if (std::optional<std::string> bad = launches_.violated_assumption(l)) {
    if (r_.parameters_note.starts_with("none chosen")) {  // the solver gave no values: nothing to run
      for (BranchResult& b : r_.branches)
        if (b.verdict == BranchVerdict::Uniform || b.verdict == BranchVerdict::Unreachable)
          b.validation = "not replayed: " + r_.parameters_note;
      return;
    }
    if (!r_.branches.empty())
      contradiction(r_.branches.front(),
                    fmt::format("the launch the verdicts are replayed with ({}{}) violates the assumption '{}'",
                                launch_text(l), scalar_params_text(l), *bad));
    return;
  }
  std::vector<uint64_t> ctas = cta_sample(l.block, l.grid);
  last_run_raced_shared_ = false;
  for (const BranchResult& b : r_.branches)
    if (b.witness && !ctas.empty())
      ctas.push_back(b.witness->cta[0] + uint64_t{b.witness->cta[1]} * l.grid[0] +
                     uint64_t{b.witness->cta[2]} * l.grid[0] * l.grid[1]);
  Observations obs;
  std::optional<std::string> fault = observe(l, ctas, obs, Origin::Given);
  // A kernel that waits on mbarriers runs the launch again with slow
  // copies, consumers first, as --replay-launch files do: the retry of its
  // consumers' waits runs, and the verdicts meet a second schedule.
  const bool two_schedules = !fault && waits_on_mbarriers_;
  if (two_schedules) {
    const bool raced = last_run_raced_shared_;
    fault = observe(l, ctas, obs, Origin::Given, {}, {}, true);
    if (fault) *fault += " (the run with slow copies, consumers first)";
    last_run_raced_shared_ = last_run_raced_shared_ || raced;
  }
  bool all = ctas.empty();
  Checking racy{checking_racy_launch_, last_run_raced_shared_};
  if (all) {
    uint64_t n = uint64_t{l.grid[0]} * l.grid[1] * l.grid[2];
    for (uint64_t c = 0; c < n; ++c) ran_ctas_.insert(c);
  } else {
    ran_ctas_.insert(ctas.begin(), ctas.end());
  }
  for (BranchResult& b : r_.branches) {
    if (b.verdict != BranchVerdict::Uniform && b.verdict != BranchVerdict::Unreachable && !b.ranges) continue;
    if (fault) {
      b.validation = "the replay stopped: " + *fault;
      continue;
    }
    size_t seen = 0;
    size_t before = mismatches_.size();
    check(b, obs, l.block, all, seen);
    if (mismatches_.size() == before) {
      b.validated = true;
      b.validation = fmt::format("replayed the launch ({}{}): {} warp execution(s) of the branch agree",
                                 all ? "every CTA" : fmt::format("{} sampled CTAs", ctas.size()),
                                 two_schedules ? ", in the usual schedule and consumers first" : "", seen);
    }
  }
  if (!fault) check_paths(obs, l.block, all);
}

// Each thread of a feasible path's ranges follows the path's outcomes in
// the replay (kernels whose branches run at most once per thread).
void Replayer::check_paths(const Observations& obs, const uint32_t block[3], bool all_ctas) {
  if (r_.paths.empty()) return;
  std::map<uint32_t, uint32_t> instruction_of;  // PTX line -> branch instruction
  for (const BranchResult& b : r_.branches) instruction_of[b.ptx_line] = b.instruction;
  uint64_t threads = uint64_t{block[0]} * block[1] * block[2];
  bool global = r_.paths_space == "global thread";
  // Per branch: thread index -> outcome, from every warp execution seen.
  std::map<uint32_t, std::map<uint64_t, std::string>> seen;
  for (const auto& [instruction, list] : obs)
    for (const Observation& ob : list) {
      if (!global && ob.cta != 0) continue;
      for (unsigned lane = 0; lane < 32; ++lane)
        if (ob.active >> lane & 1) {
          uint64_t t = (global ? ob.cta * threads : 0) + ob.warp * 32u + lane;
          auto [it, fresh] = seen[instruction].emplace(t, (ob.taken >> lane & 1) ? "taken" : "not taken");
          if (!fresh) it->second = "several";  // ran more than once: no single outcome
        }
    }
  size_t checked = 0;
  for (const FeasiblePath& p : r_.paths)
    for (const Range& range : p.threads) {
      uint64_t end = all_ctas || !global ? range.end : std::min<uint64_t>(range.end, range.begin + 4096);
      for (uint64_t t = range.begin; t < end; ++t) {
        if (global && !all_ctas && !ran_ctas_.count(t / threads)) continue;
        for (const auto& [line, want] : p.outcomes) {
          uint32_t instruction = instruction_of.at(line);
          auto s = seen[instruction].find(t);
          std::string got = s == seen[instruction].end() ? "not reached" : s->second;
          if (got == "several") return;  // a loop: the path's sequence is not one outcome per branch
          if (got != want) {
            const BranchResult& b = *std::find_if(r_.branches.begin(), r_.branches.end(),
                                                  [&](const BranchResult& x) { return x.instruction == instruction; });
            contradiction(b, fmt::format("a feasible path says thread {} goes '{}' here, but in the replay it went '{}'",
                                         t, want, got));
            return;
          }
        }
        ++checked;
      }
    }
  r_.paths_validated = true;
  r_.paths_validation = fmt::format("replayed: {} thread(s) of the paths' ranges follow their paths", checked);
}

// Every uniform and unreachable verdict against every shape that ran.
void Replayer::check_shapes() {
  std::map<uint32_t, size_t> seen;
  for (const ShapeRun& run : shape_runs_)
    for (BranchResult& b : r_.branches) {
      if (b.verdict != BranchVerdict::Uniform && b.verdict != BranchVerdict::Unreachable) continue;
      b.ranges.reset();
      size_t n = 0;
      Checking racy{checking_racy_launch_, run.raced_shared};
      check(b, run.obs, run.block, true, n);
      seen[b.instruction] += n;
    }
  for (BranchResult& b : r_.branches) {
    if (b.verdict != BranchVerdict::Uniform && b.verdict != BranchVerdict::Unreachable) continue;
    if (shape_runs_.empty()) {
      b.validation = fmt::format("no replay launch ran to the end ({} faulted; last: {})", shape_faults_,
                                 last_shape_fault_);
      continue;
    }
    std::string faults = shape_faults_ ? fmt::format(" ({} other launch(es) faulted)", shape_faults_) : "";
    std::string given = file_runs_ ? fmt::format(" ({} of them from --replay-launch)", file_runs_) : "";
    // A uniform verdict no replay ran is not re-derived by any execution:
    // on CUTLASS's grouped GEMM the made-up Params leave the group
    // scheduler without work, and 169 of 184 uniform verdicts were
    // "validated" by launches that never got there. (An unreachable
    // verdict is exactly what such launches confirm.)
    if (b.verdict == BranchVerdict::Uniform && seen[b.instruction] == 0) {
      auto other = other_executions_.find(b.instruction);
      if (other == other_executions_.end() || observed_splits_.count(b.instruction)) {
        // Why the others stopped, so that the user can tell a made-up
        // launch's dead end from the kernel's (the mangled name the
        // emulator's message ends with is cut).
        std::string why = last_shape_fault_.substr(0, last_shape_fault_.find(" (in _Z"));
        b.validation = fmt::format("none of the {} replayed launch(es) that meet the assumptions{} reached it{}",
                                   shape_runs_.size(), given,
                                   shape_faults_ ? fmt::format(" ({} other launch(es) faulted; the last: {})",
                                                               shape_faults_, why)
                                                 : "");
        continue;
      }
      b.validated = true;
      b.validation = fmt::format(
          "none of the {} replayed shape launch(es) reached it{}; other made-up launches that meet the "
          "assumptions ran it (before their end, their step budget or a fault){}: {} warp execution(s), no split",
          shape_runs_.size(), faults,
          reached_by_search_.count(b.instruction) ? ", among them a launch the solver found to reach it" : "",
          other->second);
      continue;
    }
    b.validated = true;
    b.validation = fmt::format("replayed {} launch(es) that meet the assumptions{}: {} warp execution(s) agree{}",
                               shape_runs_.size(), given, seen[b.instruction], faults);
  }
}

// A branch the solver could not decide, or whose witness no replay
// reproduced, that some warp split at in a launch the replay ran is
// divergent: the emulator saw it. Uniform and unreachable verdicts were
// checked against the given and any-launch runs already.
// The central rule: "divergent" is re-derived by a concrete run or it is
// not said. A split the solver found but no replay reproduced (its witness
// has pointers no replay can map: a grid so large that a 32-bit thread
// index wraps; or the kernel's own values, where the witness left some
// unset, did not split) is unknown, with why. A verdict whose replay
// raced in shared memory keeps its own explanation (settle_races).
void Replayer::unsettle_unreproduced_splits() {
  for (BranchResult& b : r_.branches) {
    if (b.verdict != BranchVerdict::Divergent || b.validated || race_explained_.count(b.instruction)) continue;
    b.verdict = BranchVerdict::Unknown;
    b.reason = "unknown: the solver found two lanes that split here, but no concrete run reproduced the split";
    if (b.validation.empty()) b.validation = "no replay ran";
    b.witness.reset();
  }
}

void Replayer::settle_by_observed_splits() {
  for (BranchResult& b : r_.branches) settle_if_observed(b);
}

void Replayer::settle_if_observed(BranchResult& b) {
  auto it = observed_splits_.find(b.instruction);
  // A contradicted verdict stays unvalidated: the replay throws for it,
  // whatever another launch showed.
  if (!open(b) || b.indexed || it == observed_splits_.end() || contradicted_.count(b.instruction)) return;
  const ObservedSplit& s = it->second;
  std::string seen = seen_text(s);
  std::string before = b.verdict == BranchVerdict::Unknown ? b.reason : b.validation;
  b.witness = witness_of(s);
  b.verdict = BranchVerdict::Divergent;
  // Like a split seen before the queries: the witness is the run, whose
  // memory (random data) it does not carry.
  b.seen_split = true;
  b.replay_decides = false;
  b.validated = true;
  b.reason = "the emulator saw two lanes of one warp go different ways in a launch that meets the assumptions";
  b.validation = fmt::format("{}{}", seen, before.empty() ? "" : fmt::format(" (the solver alone: {})", before));
}

}  // namespace warpsat::branch_replay_detail
