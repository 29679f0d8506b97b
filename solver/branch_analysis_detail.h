// What the files of solver/branch_analysis share (docs/architecture.md): the
// BranchSolver that asks one kernel's branches, its members defined by
// concern across
//   branch_solver.cpp            the per-kernel driver: groups, encodings, passes
//   branch_queries.cpp           the queries that decide one branch
//   branch_witness.cpp           witnesses a replay can run
//   branch_proof_retries.cpp     queries without an answer, asked again to prove
//   branch_unwritten_loads.cpp   loads no store of the launch can write
//   branch_refinement.cpp        the second pass (exact floats, linked stores)
//   branch_thread_ranges.cpp     thread ranges and feasible paths
//   branch_parameter_choice.cpp  the parameter values those rely on
// and the helpers more than one of them needs. Declarations are grouped by
// the file that defines them, where their comments are. Internal to
// solver/: the interface is branch_analysis.h.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "encodings/branch_encoding.h"
#include "encodings/induction_memo.h"
#include "encodings/memory_model.h"
#include "frontend/analysis/thread_variance.h"
#include "solver/branch_analysis.h"
#include "solver/pinned_query.h"
#include "solver/query_runner.h"
#include "solver/query_session.h"

namespace warpsat::branch_analysis_detail {

inline uint64_t value_of(const z3::model& m, const z3::expr& e) {
  z3::expr v = m.eval(e, true);
  uint64_t out = 0;
  if (v.is_numeral_u64(out)) return out;
  if (v.is_bool()) return v.is_true() ? 1 : 0;
  return 0;
}


// A kernel's time in queries without an answer, in multiples of
// --timeout-ms (4 s at the default), before the rest get a third of the
// quick try alone (QueryRunner), and no every-shape retry after a 1-D query
// without an answer, reachability query or whole-warp retry: CUB's select
// sweep spent 27 s of its 45 s in queries on unknowns.
constexpr double kNoAnswerBudgetTimeouts = 2;
// The quick try of a query that is mostly a proof (every block shape, once
// 1-D blocks are proved): a tenth of kQuickRlimit, about 20 ms.
constexpr unsigned kProofQuickRlimit = kQuickRlimit / 10;

inline z3::expr any_of(z3::context& c, const std::vector<z3::expr>& xs) {
  if (xs.size() == 1) return xs[0];
  z3::expr_vector v(c);
  for (const auto& x : xs) v.push_back(x);
  return v.empty() ? c.bool_val(false) : z3::mk_or(v);
}

constexpr const char* kUniformByDependence =
    "proved from dependences alone: no value it tests can differ between two lanes of a warp "
    "(thread-variance analysis)";

// branch_witness.cpp
Witness witness_from(const z3::model& m, const BranchEncoding& e, const BranchInstance& inst, const ptx::Function& f,
                     bool replayable);
z3::expr replayable_constraints(z3::context& c, const BranchEncoding& e, const ptx::Module& m, const ptx::Function& f,
                                const std::vector<std::vector<uint32_t>>& fields, const z3::expr& split);
z3::expr small_params(z3::context& c, const BranchEncoding& e, const ptx::Module& m, const ptx::Function& f,
                      const std::vector<std::vector<uint32_t>>& fields);

class BranchSolver {
 public:
  BranchSolver(const ptx::Module& m, const ptx::Function& f, const analysis::FunctionAnalysis& a,
               const BranchOptions& o, const SeenRuns* seen = nullptr, AfterVerdict after = {});
  BranchSolver(const BranchSolver&) = delete;  // encodings point at its induction memo
  BranchSolver& operator=(const BranchSolver&) = delete;

  // The parameter values thread ranges hold for (choose_parameters).
  void pin_parameters(std::vector<std::optional<uint64_t>> values) { chosen_ = std::move(values); }

  // branch_solver.cpp
  std::vector<BranchResult> solve_kernel(const std::vector<uint32_t>& all);
  bool uniform_by_dependence(uint32_t b) const;
  // The analysis ran (not --no-thread-variance) and proves the branch.
  bool proved_by_dependence(uint32_t b) const { return !variance_.divergent.empty() && variance_.uniform(b); }
  std::vector<std::string> race_free_reads(uint32_t b) const;
  void seen_ranges(BranchResult& r);
  bool guarded_by_elect(uint32_t branch) const;
  BranchResult seen_result(uint32_t branch) const;
  void take_seen(BranchResult& r) const;
  std::vector<BranchResult> solve_unseen(const std::vector<uint32_t>& branches);
  std::vector<BranchResult> solve_group(const std::vector<uint32_t>& branches);
  BranchResult solve(uint32_t branch, bool exact_floats = false, bool linked_stores = false,
                     bool same_address_stores = false);

  // branch_queries.cpp
  void ask_elected(z3::context& c, const BranchEncoding& e, QueryRunner& q, BranchResult& r,
                   const z3::expr_vector& pair, const std::vector<z3::expr>& any);

  // branch_refinement.cpp
  static bool left_open(const BranchResult& r);
  BranchResult solve_again(const BranchResult& first, bool exact_floats, bool linked_stores,
                           bool same_address_stores = false);
  std::vector<size_t> retry_with_exact_floats(std::vector<BranchResult>& results);
  std::vector<size_t> retry_with_linked_stores(std::vector<BranchResult>& results);

 private:
  // branch_solver.cpp
  BranchEncodingOptions encoding_options();
  void settled(BranchResult& r);
  static double elapsed_ms(std::chrono::steady_clock::time_point since);
  const std::vector<uint32_t>* own_slice(uint32_t branch) const;
  BranchResult result_for(uint32_t branch) const;
  // Sessions put off internalising their base where kept answers are
  // expected (query_session.h): most of their queries then ask no solver.
  bool defer_bases() const { return o_.answers && o_.answers->expects_answers(); }
  std::string stem_of(uint32_t branch) const;
  QueryRunner runner(z3::context& c, BranchResult& r, const BranchEncoding& e, unsigned shallow_unroll,
                     QuerySession* session);
  void finish(z3::context& c, BranchEncoding& e, QueryRunner& q, const BranchEncodingOptions& eo, BranchResult& r);
  void replay_or_search_reached_launch(z3::context& c, const BranchEncoding& e, QueryRunner& q, BranchResult& r);
  BranchEncoding timed_encode(BranchResult& r, z3::context& c, uint32_t branch, const BranchEncodingOptions& eo);
  double record_encode(std::chrono::steady_clock::time_point start, const char* what = "one branch") const;

  // branch_refinement.cpp
  static bool too_many_floats(const BranchEncoding& e, BranchResult& r);

  // branch_queries.cpp
  static z3::expr_vector two_lanes(const BranchEncoding& e);
  std::string imprecision_text(const BranchEncoding& e) const;
  bool unreachable(z3::context& c, const BranchEncoding& e, QueryRunner& q, BranchResult& r,
                   const std::vector<z3::expr>& reach, const z3::expr& one_d, bool symbolic, bool& open);
  bool decide(z3::context& c, BranchEncoding& e, QueryRunner& q, BranchResult& r, bool only_seen = false);
  static std::tuple<uint32_t, uint32_t, uint32_t, uint32_t, uint32_t> family_of(const BranchResult& r);
  std::vector<uint32_t> call_chain_of(const BranchResult& r) const;
  bool confirm_seen(z3::context& c, const BranchEncoding& e, QueryRunner& q, const SeenSplit& s,
                    const z3::expr_vector& pair, const std::vector<z3::expr>& any, BranchResult& r);

  // branch_witness.cpp
  bool split_from_reaching_run(z3::context& c, const BranchEncoding& e, QueryRunner& q, const z3::expr_vector& pair,
                               const std::vector<z3::expr>& precise, BranchResult& r);
  static constexpr int kReachingRunRounds = 4;
  bool wants_reaching_launch(const BranchResult& r) const;
  void search_reaching_launch(z3::context& c, const BranchEncoding& e, QueryRunner& q, BranchResult& r);
  // Searches for a launch reaching a uniform branch, in a row without one,
  // after which a kernel asks no more.
  static constexpr size_t kMaxReachingLaunchFailures = 3;
  void pin_model_values(const z3::model& m, const BranchEncoding& e, bool params, PinnedQuery& pins) const;
  static z3::expr small_ctas(z3::context& c, const BranchEncoding& e);

  // branch_proof_retries.cpp
  bool proved_bitblasted(const BranchEncoding& e, QueryRunner& q, const z3::expr_vector& pair,
                         const std::vector<z3::expr>& any, BranchResult& r);
  bool proved_by_a_retry(z3::context& c, const BranchEncoding& e, QueryRunner& q, const z3::expr_vector& pair,
                         const std::vector<z3::expr>& any, BranchResult& r);
  bool proved_outcomes_alone(z3::context& c, const BranchEncoding& e, QueryRunner& q, BranchResult& r);
  static void proved_by_retry(const BranchEncoding& e, BranchResult& r, std::string_view how);
  bool proved_with_shared_values_abstracted(z3::context& c, const BranchEncoding& e, QueryRunner& q,
                                            const z3::expr_vector& pair, const std::vector<z3::expr>& any,
                                            BranchResult& r);

  // branch_unwritten_loads.cpp
  std::set<uint32_t> prove_unwritten(z3::context& c, const BranchEncoding& e, const BranchEncodingOptions& eo,
                                     const std::string& stem, BranchResult& r);

  // branch_thread_ranges.cpp
  void ranges(z3::context& c, BranchEncoding& e, QueryRunner& q, BranchResult& r);
  bool evaluated_ranges(z3::context& c, BranchEncoding& e, QueryRunner& q, const z3::expr& code, const z3::expr& index,
                        const z3::expr& pinned, const std::vector<std::pair<z3::expr, z3::expr>>& fixed, bool global,
                        uint64_t n, BranchRanges& br);

  const ptx::Module& m_;
  const ptx::Function& f_;
  const analysis::FunctionAnalysis& a_;
  const BranchOptions& o_;
  MemoryModel memory_;
  // Per parameter: the offsets of the pointer fields a witness places in
  // windows (witness_windows.h).
  std::vector<std::vector<uint32_t>> pointer_fields_;
  // The same in structs of any size: for the launches searched for to
  // reach a uniform branch (search_reaching_launch).
  std::vector<std::vector<uint32_t>> any_pointer_fields_;
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
  size_t reaching_launch_failures_ = 0;  // search_reaching_launch's, the same
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

// branch_parameter_choice.cpp
std::vector<std::optional<uint64_t>> choose_parameters(const ptx::Module& m, const ptx::Function& f,
                                                       const analysis::FunctionAnalysis& a, const BranchOptions& o,
                                                       KernelBranches& out);
// branch_thread_ranges.cpp
void feasible_paths(const ptx::Module& m, const ptx::Function& f, const analysis::FunctionAnalysis& a,
                    const BranchOptions& o, const std::vector<std::optional<uint64_t>>& chosen, KernelBranches& out);

}  // namespace warpsat::branch_analysis_detail
