// The replay's internals (branch_replay.h says what it checks): the
// Replayer, declared here and defined by concern across
//   branch_replay_passes.cpp       its passes, in the order the entry points
//                                  (branch_replay.cpp) call them;
//   branch_replay_runs.cpp         runs on the emulator and what they show;
//   branch_replay_launches.cpp     the launches the verdicts are checked on;
//   branch_replay_checks.cpp       verdicts against what the runs saw;
//   branch_replay_witness.cpp      the replay of a divergent verdict's witness;
//   branch_replay_random_data.cpp  random-data runs: the exploration before
//                                  the queries, and open branches after.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "emulator/simt/memory.h"
#include "emulator/simt/program.h"
#include "emulator/simt/state.h"
#include "solver/branch_replay.h"
#include "solver/made_up_launch.h"

namespace warpsat::branch_replay_detail {

struct Observation {
  uint64_t cta = 0;
  uint32_t warp = 0, active = 0, taken = 0;
};
using Observations = std::map<uint32_t, std::vector<Observation>>;  // branch instruction -> observations

inline uint64_t linear_cta(const uint32_t id[3], const uint32_t grid[3]) {
  return id[0] + uint64_t{id[1]} * grid[0] + uint64_t{id[2]} * grid[0] * grid[1];
}
inline uint64_t linear_cta(const simt::Cta& c, const uint32_t grid[3]) { return linear_cta(c.id, grid); }
inline uint64_t linear_cta(const Witness& w) { return linear_cta(w.cta, w.grid); }

// What lazily mapped memory holds in a made-up launch.
struct MadeUpMemory {
  uint64_t seed = 1;
  simt::LazyFill fill;
  // Whether the run's launch may become a branch's first reaching launch
  // (SeenRuns::reached_by): not when its memory holds what a replay of a
  // witness found from it does not place (runs, one word, a ramp).
  bool reaching_launch = true;
};

inline std::string lanes_text(uint32_t mask) {
  std::string s;
  for (unsigned l = 0; l < 32; ++l)
    if (mask >> l & 1) s += (s.empty() ? "" : ",") + std::to_string(l);
  return s;
}

// With races found, every verdict that relies on their absence holds only
// for launches without them: conditional.
void mark_race_conditional(KernelBranches& k, const BranchOptions& o);

class Replayer {
 public:
  Replayer(const ptx::Module& m, const ptx::Function& k, const BranchOptions& o, KernelBranches& r,
           const ReplayOptions& ro);

  // branch_replay_passes.cpp
  const SeenRuns& run_before_queries();
  void replay_now(BranchResult& b);
  void check_cached(const KernelBranches& cached, size_t shapes);
  void run();

 private:
  enum class Origin { Given, Shape, Witness, Fuzz, Explore };
  // Per Origin, in its order: what its launches are called when their
  // budget is spent, their row in --stats, and a split they showed.
  struct OriginNames {
    const char* launches;
    const char* stats;
    const char* split;
  };
  static constexpr OriginNames kOrigins[] = {
      {"", "replay (the given launch)", "the given launch"},
      {"launch shapes", "replay (any-launch shapes)", "an any-launch replay"},
      {"witness launches", "replay (witnesses)", "a witness replay"},
      {"random-data launches", "replay (random data)", "a random-data replay of a witness's launch"},
      {"exploration launches", "replay (exploration before the queries)",
       "a random-data launch of the exploration before the queries"}};
  static const OriginNames& names(Origin o) { return kOrigins[static_cast<size_t>(o)]; }
  // The first warp seen splitting at a branch, in any launch the replay ran
  // (each meets the assumptions): a concrete proof that the branch diverges.
  struct ObservedSplit {
    std::string launch;
    uint32_t block[3], grid[3];
    uint32_t cta[3];
    uint32_t warp, active, taken;
    Origin origin;
    // The launch's parameter values, so that the split can be run again
    // (pointers as the addresses they had; memory the launch did not set
    // held the replay's fill).
    std::vector<std::pair<std::string, uint64_t>> params;
    std::vector<std::pair<std::string, std::vector<uint8_t>>> aggregates;
  };
  // Whether a run has seen enough: given each execution of a branch of
  // the kernel and the warp instructions the launch has run so far.
  using Enough = std::function<bool(uint32_t instruction, const Observation&, uint64_t steps)>;
  // Warp instructions a harvesting random-data run goes on past its split.
  static constexpr uint64_t kHarvestTailSteps = uint64_t{1} << 16;

  static bool open(const BranchResult& b) {
    return b.verdict == BranchVerdict::Unknown || (b.verdict == BranchVerdict::Divergent && !b.validated);
  }
  bool concrete() const { return o_.launch.concrete_block && o_.launch.concrete_grid; }
  // A .maxntid and no .reqntid: a block the kernel is written for, and
  // smaller ones it may be launched with.
  bool declares_block() const { return k_.maxntid[0] > 0 && k_.reqntid[0] == 0; }

  // branch_replay_passes.cpp
  bool has_conditional_branches() const;

  // branch_replay_runs.cpp
  static std::string launch_text(const simt::Launch& l);
  std::string scalar_params_text(const simt::Launch& l) const;
  ObservedSplit observed_split(const simt::Launch& l, const simt::Cta& c, const simt::Warp& w, uint32_t active,
                               uint32_t taken, Origin origin) const;
  std::optional<std::string> observe(const simt::Launch& launch, const std::vector<uint64_t>& ctas, Observations& out,
                                     Origin origin, const Enough& enough = {},
                                     const MadeUpMemory& memory = {}, bool consumers_first = false);
  void count_other_executions(const Observations& out, const std::map<uint32_t, size_t>& before);
  static std::string seen_text(const ObservedSplit& s);
  static Witness launch_of(const ObservedSplit& s);
  static Witness witness_of(const ObservedSplit& s);

  // branch_replay_launches.cpp
  std::vector<uint64_t> cta_sample(const uint32_t block[3], const uint32_t grid[3]) const;
  uint32_t cluster_side(int d) const;
  void check_file_launches() const;
  std::optional<std::string> run_shape(const simt::Launch& l, Origin origin, const MadeUpMemory& memory = {});
  void run_file_launches();
  void run_shapes(int phase, bool before_queries = false, size_t most = SIZE_MAX);

  // branch_replay_checks.cpp
  void settle_races();
  void report_mismatches();
  void contradiction(const BranchResult& b, const std::string& what);
  void inject_fault();
  void check(BranchResult& b, const Observations& obs, const uint32_t block[3], bool all_ctas, size_t& checked);
  bool observed_cta(const Observations& obs, uint64_t cta) const;
  void replay_concrete();
  void check_paths(const Observations& obs, const uint32_t block[3], bool all_ctas);
  void check_shapes();
  void unsettle_unreproduced_splits();
  void settle_by_observed_splits();
  void settle_if_observed(BranchResult& b);

  // branch_replay_witness.cpp
  std::optional<Witness> at_declared_block(const Witness& w) const;
  void replay_witness(BranchResult& b, bool harvest = false);
  void downgrade_if_imprecise(BranchResult& b);
  void run_reaching_launch(BranchResult& b);

  // branch_replay_random_data.cpp
  std::vector<RandomDataPlan> fuzz_plans(const Witness& w, int phase) const;
  void explore();
  void fuzz_open_branches();
  void harvest_from(const Witness& w);
  bool fuzz_open_branch(const BranchResult& b, int phase, size_t& last_good_plan, bool harvest = false);

  const ptx::Module& m_;
  const ptx::Function& k_;
  const BranchOptions& o_;
  KernelBranches& r_;
  const ReplayOptions& ro_;
  uint32_t index_;
  MadeUpLaunches launches_;
  simt::ProgramCache decoded_;  // the kernel decoded once for all its runs
  uint64_t steps_used_[std::size(kOrigins)] = {};  // warp instructions, by Origin
  std::set<uint64_t> ran_ctas_;
  // The any-launch shapes that ran to the end, with what each saw.
  struct ShapeRun {
    uint32_t block[3];
    Observations obs;
    bool raced_shared = false;  // the race detector saw a shared-memory race in it
  };
  // While a launch's observations are checked: whether it raced in shared
  // memory (contradiction() then asks whether the verdict relied on it).
  struct Checking {
    bool& flag;
    Checking(bool& f, bool value) : flag(f) { flag = value; }
    ~Checking() { flag = false; }
  };
  bool checking_racy_launch_ = false;
  bool last_run_raced_shared_ = false;  // set by observe() for the run it just did
  std::vector<ShapeRun> shape_runs_;  // the --replay-launch runs first, then the made-up shapes
  std::vector<const ReplayOptions::FileLaunch*> file_launches_;  // those of this kernel
  // The kernel waits on mbarriers: each launch that ends runs again with
  // slow copies (run_shape, replay_concrete).
  const bool waits_on_mbarriers_;
  size_t file_runs_ = 0;
  size_t shape_faults_ = 0;
  std::string last_shape_fault_;
  bool shapes_ran_ = false;  // the first phase ran before the queries
  std::set<uint32_t> witness_ran_;  // branches whose witness replay_now ran
  std::set<uint32_t> fuzzed_;       // branches whose random-data runs replay_now ran
  // Source positions (file, line, column, outer file and line) a copy of
  // which replay_now's random-data runs did not split.
  std::set<std::tuple<uint32_t, uint32_t, uint32_t, uint32_t, uint32_t>> dry_families_;
  bool fuzz_spent_ = false;         // the random-data launches' budget is spent
  std::set<std::string> harvested_;  // the witness launches harvest_from ran
  size_t harvest_dry_ = 0;           // harvests in a row that showed no new split
  size_t last_good_plan_[2] = {SIZE_MAX, SIZE_MAX};  // per phase: the plan that last split a branch
  std::map<uint32_t, ObservedSplit> observed_splits_;  // branch instruction -> first split seen
  std::map<uint32_t, uint64_t> other_executions_;  // branch instruction -> executions by other made-up runs (observe)
  std::set<uint32_t> reached_by_search_;  // branches the run of a reaching launch (run_reaching_launch) executed
  SeenRuns seen_;  // observed_splits_ as witnesses, and every branch some run executed
  std::vector<std::string> mismatches_;
  std::vector<RaceFinding> races_;  // with ReplayOptions::racecheck (each once)
  // Branches a racy launch contradicted, with what it showed (settle_races).
  std::map<uint32_t, std::string> race_explained_;
  // The shared-memory races of made-up launches reported so far: hazard and
  // the two instructions (one line for each, not one per launch shape).
  std::set<std::tuple<std::string, uint32_t, uint32_t>> made_up_races_;
  std::set<uint32_t> contradicted_;
  uint32_t first_bad_ = 0, first_bad_line_ = 0;
};

}  // namespace warpsat::branch_replay_detail
