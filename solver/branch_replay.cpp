#include "solver/branch_replay.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "encodings/branch_encoding.h"
#include "encodings/induction_memo.h"
#include "frontend/diagnostics.h"
#include "frontend/kernel_names.h"
#include "solver/branch_replay_detail.h"

namespace warpsat {

using branch_replay_detail::mark_race_conditional;
using branch_replay_detail::Replayer;

void replay_branches(const ptx::Module& m, const ptx::Function& kernel, const BranchOptions& options,
                     KernelBranches& result, const ReplayOptions& replay) {
  Replayer(m, kernel, options, result, replay).run();
}

void replay_cached_verdicts(const ptx::Module& m, const ptx::Function& kernel, const BranchOptions& options,
                            const KernelBranches& cached, const ReplayOptions& replay, size_t shapes) {
  BranchOptions o = options;
  apply_launch_directives(kernel, o.launch);
  ReplayOptions ro = replay;
  ro.fault = ReplayFault::None;
  KernelBranches copy = cached;
  Replayer(m, kernel, o, copy, ro).check_cached(cached, shapes);
}

KernelBranches check_kernel_branches(const ptx::Module& m, const ptx::Function& kernel, BranchOptions& options,
                                     const ReplayOptions* replay) {
  apply_launch_directives(kernel, options.launch);
  SmtStatus exists = launch_exists(m, kernel, options);
  if (exists != SmtStatus::Sat && exists != SmtStatus::Unsat)
    throw NoAnswerError(fmt::format("could not decide whether any launch of {} meets the assumptions (the solver's "
                                    "answer: {}; raise --timeout-ms)",
                                    short_kernel_name(kernel.name), to_string(exists)));
  if (exists == SmtStatus::Unsat) {
    std::vector<std::string> texts;
    // Long assumptions (thousands of terms) are cut: the message must stay readable.
    for (const Assumption& a : options.launch.assumptions)
      texts.push_back(a.text.size() <= 160 ? a.text : a.text.substr(0, 160) + fmt::format("... ({} characters)", a.text.size()));
    throw command_line_error(fmt::format("no launch of {} meets the launch description and the assumptions ({})",
                                         short_kernel_name(kernel.name), fmt::join(texts, "; ")));
  }
  // The loops' inductions, shared by every encoding of this kernel (both
  // passes); the options point at it only while the kernel is analysed.
  InductionMemo memo;
  memo.answers = options.answers;
  struct Lend {
    BranchOptions& o;
    ~Lend() { o.encoding.induction_memo = nullptr; }
  } lend{options};
  options.encoding.induction_memo = &memo;
  if (!replay) {
    KernelBranches result = analyse_branches(m, kernel, options);
    refine_open_branches(m, kernel, options, result);
    return result;
  }
  // The emulator first: the splits its made-up launches show are settled
  // by one pinned query each instead of a witness search and its replay.
  KernelBranches result;
  Replayer replayer(m, kernel, options, result, *replay);
  const SeenRuns& seen = replayer.run_before_queries();
  result = analyse_branches(m, kernel, options, &seen, [&](BranchResult& b) { replayer.replay_now(b); });
  replayer.run();
  // Exact floats and linked stores only for what the replay left open (its
  // random-data runs settle most data-dependent float branches in
  // milliseconds); the verdicts they change are replayed in turn.
  std::vector<size_t> changed = refine_open_branches(m, kernel, options, result);
  if (changed.empty()) return result;
  KernelBranches again;
  again.name = result.name;
  again.function = result.function;
  again.assumptions = result.assumptions;
  // The parameter values of a concrete launch the first replay ran with: a
  // replay without them ran every scalar at 0 and called a launch that
  // breaks `--assume 'tile == ntid.x'` a contradiction (exit 3).
  again.chosen_parameters = result.chosen_parameters;
  again.parameters_note = result.parameters_note;
  again.fixed_parameters = result.fixed_parameters;
  for (size_t i : changed) again.branches.push_back(result.branches[i]);
  replay_branches(m, kernel, options, again, *replay);
  for (size_t k = 0; k < changed.size(); ++k) result.branches[changed[k]] = std::move(again.branches[k]);
  for (RaceFinding& f : again.races)
    if (std::find(result.races.begin(), result.races.end(), f) == result.races.end()) result.races.push_back(std::move(f));
  mark_race_conditional(result, options);
  return result;
}

std::string branch_query_smt2(const ptx::Module& m, const ptx::Function& kernel, uint32_t branch,
                              const BranchOptions& options) {
  z3::context c;
  analysis::FunctionAnalysis a = analysis::analyse_function(kernel, m.source);
  BranchEncoding e = encode_branch(c, m, kernel, a, branch, options.launch, options.encoding);
  z3::solver s(c, z3::solver::simple());
  for (const z3::expr& b : e.base) s.add(b);
  s.add(e.same_warp);
  z3::expr_vector splits(c);
  for (const BranchInstance& i : e.instances) splits.push_back(split_at(e, i));
  s.add(splits.empty() ? c.bool_val(false) : z3::mk_or(splits));
  return fmt::format("; warpsat: can two lanes of one warp go different ways at PTX line {} of {}?\n{}",
                     kernel.instructions[branch].pos.line, kernel.name, s.to_smt2());
}

}  // namespace warpsat
