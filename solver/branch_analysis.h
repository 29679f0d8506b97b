// Branch uniformity (docs/branches.md): for every conditional branch of a
// kernel, whether every warp always agrees (uniform, proved), which warps and
// lanes split (divergent, with a witness), whether it is ever reached, and
// for launches that fix everything, the thread-id ranges on each side.
// Every verdict is then replayed on the emulator (branch_replay.h).
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "encodings/branch_options.h"
#include "encodings/query_answers.h"
#include "solver/smt_query.h"

namespace warpsat {

enum class BranchVerdict { Uniform, Divergent, Unknown, Unreachable };
const char* to_string(BranchVerdict v);

struct Witness {
  uint32_t block[3] = {1, 1, 1}, grid[3] = {1, 1, 1}, cta[3] = {0, 0, 0};
  uint32_t warp = 0;
  uint32_t lane[2] = {0, 0};
  uint32_t tid[2][3] = {{0, 0, 0}, {0, 0, 0}};
  uint64_t outcome[2] = {0, 0};  // taken (1) or not (0); brx: the index
  std::vector<std::pair<std::string, uint64_t>> params;  // scalar kernel parameters the slice reads
  // Aggregate (struct) parameters the slice reads: their bytes in memory order.
  std::vector<std::pair<std::string, std::vector<uint8_t>>> aggregates;
  struct Load {
    uint32_t ptx_line = 0;
    std::string space;
    uint32_t lane = 0;  // the loading lane of the witness warp
    uint64_t address = 0, value = 0;
    unsigned bits = 32;
    friend bool operator==(const Load&, const Load&) = default;
  };
  std::vector<Load> loads;
  bool replayable = false;  // pointers are device-like addresses a replay can map
  friend bool operator==(const Witness&, const Witness&) = default;
};

struct Range {
  uint64_t begin = 0, end = 0;  // [begin, end)
  std::string outcome;          // "taken", "not taken", "not reached"
  friend bool operator==(const Range&, const Range&) = default;
};

struct BranchRanges {
  std::string space;  // "thread" (linear thread id in the block), "global thread" (over the grid)
  std::vector<Range> ranges;
  std::vector<std::pair<uint64_t, uint32_t>> splitting_warps;  // (CTA linear id, warp)
  bool complete = true;  // false when the partition has more intervals than the cap
  friend bool operator==(const BranchRanges&, const BranchRanges&) = default;
};

struct BranchResult {
  uint32_t instruction = 0;  // index in the function
  uint32_t ptx_line = 0;
  ptx::DebugLoc loc;
  bool indexed = false;  // brx.idx
  BranchVerdict verdict = BranchVerdict::Unknown;
  std::string reason;
  std::optional<Witness> witness;
  // A uniform branch no run had reached when it was decided: a launch the
  // solver found that reaches it (its two lanes' outcomes aside), for the
  // replay to run so that the verdict has executions. Not kept after the
  // replay.
  std::optional<Witness> reaching_launch;
  std::optional<BranchRanges> ranges;
  bool whole_warp = false;                // decided with all 32 lanes tracked (shuffles)
  std::vector<std::string> imprecision;  // what the model of the deciding query does not express exactly
  // First pass: the floating-point results (unknowns there) its occurrences
  // depend on; the exact-float pass skips a branch with too many.
  size_t float_results = 0;
  // Divergent only through an inexact value: the witness replay decides
  // (split reproduced: divergent; not reproduced or not runnable: unknown).
  bool replay_decides = false;
  // Divergent because the emulator saw a warp split here (before the
  // queries, in the replay of an earlier branch's witness, or in a
  // random-data run of a witness's launch): the witness is that run. With
  // BranchOptions::confirm_seen_splits, the encoding, pinned to that
  // launch, also agreed that the split can happen (`confirmed`).
  bool seen_split = false;
  // Divergent by design: every split is between this lane, which
  // elect.sync elects, and the other lanes (proved; the `split-beyond-elected` query).
  std::optional<uint32_t> elected_lane;
  bool confirmed = false;
  bool validated = false;
  std::string validation;  // what the replay checked
  // The witness's replay stopped at a device-side assertion (`assert` in
  // the kernel, a call of __assertfail) before the split: its launch breaks
  // a condition the kernel asserts (CUTLASS's mainloop: a problem K of no
  // k tile), so that no run of it reaches the branch.
  bool witness_asserted = false;
  // The verdict reads shared memory after a barrier as race-free (it holds
  // only in launches without a data race there), and the replay's race
  // detector (--racecheck) found a race in a launch it checked: a finding
  // about the kernel, KernelBranches::races, not a contradiction.
  bool race_conditional = false;
  double solve_ms = 0;
  double encode_ms = 0;  // of solve_ms: building encodings (the rest is Z3 answering queries)
  size_t queries = 0;
  std::vector<std::string> dumped;
  friend bool operator==(const BranchResult&, const BranchResult&) = default;
};

// A distinct sequence of branch outcomes one thread can follow, and the
// thread ids that follow it (concrete launches).
struct FeasiblePath {
  std::vector<std::pair<uint32_t, std::string>> outcomes;  // (PTX line, "taken"/"not taken"/"not reached")
  std::vector<Range> threads;                               // linear thread ids in the block
  friend bool operator==(const FeasiblePath&, const FeasiblePath&) = default;
};

// A data race the replay's detector found (--racecheck) in a launch it
// checked verdicts on: the launch the user gave, or one the replay made up
// for a symbolic launch (it meets the assumptions, but nobody asked for it).
struct RaceFinding {
  bool given_launch = false;
  std::string launch;  // "grid 1x1x1, block 48x3x1, parameters sync = 0"
  std::string hazard;  // "RAW", "WAR", "WAW"
  std::string space;   // "shared", "global"
  uint32_t first_line = 0, second_line = 0;  // PTX lines of the two accesses
  std::string text;    // simt::to_string of the race: both threads and both instructions
  friend bool operator==(const RaceFinding&, const RaceFinding&) = default;
};

struct KernelBranches {
  std::string name;
  uint32_t function = 0;  // index in the module
  std::vector<std::string> assumptions;  // what every verdict holds under
  std::vector<BranchResult> branches;
  std::vector<FeasiblePath> paths;
  // A concrete launch: the scalar (non-pointer) parameters the launch gives
  // no value, each with the value the replay runs it with (the only one the
  // assumptions allow, or the solver's model of them, 0 where none names
  // it), by PTX name, as the parameter's bits; `parameters_note` says which
  // is which. Verdicts hold for every value; thread ranges and feasible
  // paths only rely on fixed ones (`fixed_parameters`, per parameter: the
  // launch's or the assumptions' only value).
  std::vector<std::pair<std::string, uint64_t>> chosen_parameters;
  std::string parameters_note;
  std::vector<std::optional<uint64_t>> fixed_parameters;
  std::string paths_note;  // why a concrete launch has no feasible paths
  std::string paths_space = "thread";  // what the paths' thread ranges index, as BranchRanges::space
  bool paths_complete = true;
  bool paths_validated = false;
  std::string paths_validation;
  std::vector<RaceFinding> races;  // with ReplayOptions::racecheck, each pair of instructions once
  friend bool operator==(const KernelBranches&, const KernelBranches&) = default;
};

struct BranchOptions {
  SolverOptions solver{2000, 0, ""};
  BranchEncodingOptions encoding;
  LaunchSpec launch;
  size_t max_ranges = 64;  // thread-id intervals per branch (concrete launches); 0: none
  size_t max_paths = 32;   // feasible paths per kernel (concrete launches); 0: none
  // Time per kernel for asking again, with exact floating-point terms, the
  // branches that floating point left undecided (0: never). Bit-blasted
  // floats cost seconds a query, so the first pass treats them as unknown
  // deterministic functions.
  double exact_float_budget_ms = 10000;
  // Time per kernel for asking again, with after-barrier shared loads tied
  // to the stores before the barrier, the branches that shared memory
  // alone left open (0: never).
  double linked_store_budget_ms = 5000;
  // Each encoding's queries on one incremental solver (solver/query_session.h);
  // false: a fresh solver per query (--fresh-solver-per-query, for comparison).
  bool incremental = true;
  // Divisions and remainders by a non-constant as uninterpreted functions,
  // made exact where a model needs it (encodings/lazy_arithmetic.h); false:
  // bit-blasted in every query (--exact-divisions, for comparison).
  bool lazy_divisions = true;
  // A split the emulator saw is divergent, with that run as the witness,
  // without a query. With this, the branch's encoding, pinned to that run,
  // must allow the split too (the `seen-split` query): a check of the
  // encoding, not of the verdict (--confirm-seen-splits).
  bool confirm_seen_splits = false;
  // A divergence query without an answer is followed by a search for a
  // split in the launch a run reached the branch in (its struct bytes
  // free), and the other copies of its source line ask that first. With
  // this, every branch asks it first (--reached-launch-first: the search
  // on its own, for tests and comparison).
  bool reached_launch_first = false;
  // A divergence query without an answer is asked again exactly, bit-blasted
  // (proved_bitblasted). With this, every branch asks it first
  // (--bitblast-first: that proof on its own, for tests and comparison).
  bool bitblast_first = false;
  // A branch whose condition depends on no value that can differ between
  // two lanes of a warp (analysis/thread_variance.h), and that a run
  // reached, is uniform without a query. false: every branch is asked
  // (--no-thread-variance, for comparison).
  bool thread_variance = true;
  // 0: each Z3 context is freed when its encodings are done. Else, in a
  // process that ends right after the kernel (cli/kernel_processes.h), a
  // context is kept while the process holds less than this many bytes:
  // Z3 takes seconds to free what it bit-blasted, an ending process none.
  uint64_t keep_contexts_below_bytes = 0;
  // Answers of earlier runs' queries, taken instead of asking Z3 and added
  // to (query_answers.h); null: none.
  QueryAnswers* answers = nullptr;
};

// A warp the emulator saw split at a branch, in a launch that meets the
// assumptions: the witness of that run (its launch, CTA, warp, one lane on
// each side, its parameters) and where it was seen, in words.
struct SeenSplit {
  Witness witness;
  std::string seen;
};
// What the emulator's runs so far showed of a kernel's branches, by branch
// instruction: the first split of each, and every branch some warp reached.
struct SeenRuns {
  std::map<uint32_t, SeenSplit> splits;
  std::set<uint32_t> reached;
  // Of those, the branches with executions a uniform verdict is validated
  // by (branch_replay's check_shapes): a shape launch's, or another made-up
  // run's without a shared-memory race. A branch reached only otherwise
  // gets a launch searched for (BranchResult::reaching_launch).
  std::set<uint32_t> validating;
  // The first made-up launch that ran each branch (its block, grid, CTA,
  // warp, parameters and struct bytes; the lanes are any two of the warp),
  // not counting the exploration's runs of the other kind (branch_replay).
  std::map<uint32_t, Witness> reached_by;
};

// Adds what the kernel's own directives say about its launches: .reqntid
// fixes the block (when the launch does not), .maxntid bounds its size (the
// launch fails beyond it, so no thread ever runs there).
void apply_launch_directives(const ptx::Function& kernel, LaunchSpec& launch);

// Whether any launch meets the launch description and the assumptions
// (unsat: the assumptions contradict each other or the hardware's limits).
SmtStatus launch_exists(const ptx::Module& m, const ptx::Function& kernel, const BranchOptions& options);

// Every branch on encodings whose floats are unknown functions of their
// operands (the first pass: bit-blasted floats cost seconds a query).
// With `seen`, a branch the emulator already saw split is asked only
// whether the encoding allows that very split (the `seen-split` query):
// the run is the witness, and no search for one is needed; a branch
// already reached needs no reachability query. `after` gets
// each branch's verdict as soon as it is final (in module order), so that
// its witness can run before the next branch is asked and add what that
// run saw to `seen`.
using AfterVerdict = std::function<void(BranchResult&)>;
KernelBranches analyse_branches(const ptx::Module& m, const ptx::Function& kernel, const BranchOptions& options,
                                const SeenRuns* seen = nullptr, AfterVerdict after = {});

// The branches the first pass left open, asked again where a finer
// encoding may decide them: with exact IEEE terms where floating point
// left them open (within options.exact_float_budget_ms), with shared loads
// tied to their stores where shared memory alone did (within
// options.linked_store_budget_ms). Returns the indices (into
// result.branches) of those whose verdict changed, which need a replay.
std::vector<size_t> refine_open_branches(const ptx::Module& m, const ptx::Function& kernel,
                                         const BranchOptions& options, KernelBranches& result);

// The assumptions a verdict holds under, in words.
std::vector<std::string> describe_assumptions(const ptx::Function& kernel, const BranchOptions& options);

}  // namespace warpsat
