// A conditional branch's slice as Z3 terms for two threads of one warp
// (docs/branches.md): thread and CTA ids symbolic, launch dimensions
// concrete or symbolic within the hardware's limits, kernel parameters
// shared, loads from immutable memory an uninterpreted function of the
// address, warp-wide results (vote, redux, shfl from one lane) shared, loops
// unrolled to a depth and then abstracted (registers proved equal in both
// threads by induction stay equal; the rest become unknown).
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include <z3++.h>

#include "frontend/analysis/slices.h"
#include "frontend/assumption.h"
#include "frontend/ptx/ir.h"
#include "frontend/time_stats.h"

namespace warpsat {

struct LaunchSpec {
  bool concrete_block = false, concrete_grid = false;
  uint32_t block[3] = {1, 1, 1}, grid[3] = {1, 1, 1};
  // Per kernel parameter: a concrete value (a launch file's scalar), or nullopt.
  std::vector<std::optional<uint64_t>> param_values;
  std::vector<Assumption> assumptions;
  // A kernel that declares .maxntid runs with exactly that block (where no
  // block is given): library kernels whose block size is a compile-time
  // constant (CUB's) are written for no other (--declared-block).
  bool declared_block = false;
};

struct BranchEncodingOptions {
  unsigned unroll = 8;              // loop iterations unrolled before abstracting
  // Copies of the innermost body a nest of unrolled loops may make: deeper
  // nests unroll each level less (two levels of 8 make 81 copies).
  uint64_t nest_copies = 81;
  size_t block_budget = 20000;      // block visits before loops are abstracted at once
  // Slice instructions executed before loops are abstracted at once: nested
  // unrolled loops multiply, and Z3 needs minutes to free a context holding
  // millions of terms.
  size_t instruction_budget = 20000;
  // Track all 32 lanes of one warp instead of two: exact for shuffles whose
  // source lane differs per lane (a butterfly all-reduce), 16 times larger.
  bool whole_warp = false;
  // Encode all branches of a kernel once, as the union of their slices, and
  // ask each on that encoding (solver/branch_analysis); false: one encoding
  // per branch (--per-branch-encoding, for comparison).
  bool one_per_kernel = true;
  // Floating point as exact IEEE terms (fp_terms); false: each result an
  // unknown function of its operands (imprecise, but cheap to solve).
  bool exact_floats = false;
  // Each query of the induction that proves loop-carried values uniform,
  // and all of them together for one encoding.
  // Both in Z3's resource units (about 100 ms and 1 s of work), not the
  // clock, so that what is proved does not depend on the machine's load.
  unsigned induction_rlimit = 750000;
  uint64_t induction_budget_rlimit = 7500000;
  // Assume the kernel has no data races: a shared load no shared store
  // reaches without a block-wide barrier reads, in every thread of the
  // block, what was stored before that barrier (--no-race-free: false).
  bool race_free = true;
  // Global loads the solver proved no store of the launch can write
  // (`unwritten` queries): read-only, a function of the address.
  std::set<uint32_t> unwritten_loads;
  // Where the time goes (`branches --stats`); null: not recorded.
  TimeStats* stats = nullptr;
};

// One dynamic occurrence of the branch, per tracked thread.
struct BranchInstance {
  uint32_t branch = 0;          // the branch instruction
  std::vector<z3::expr> reach;  // the thread is active at this occurrence
  std::vector<z3::expr> out;    // bra: 1-bit taken; brx.idx: the 32-bit index
  bool beyond = false;          // in an abstracted iteration (past the unrolling depth)
};

// A load whose value the solver chooses (for witnesses and replays), per thread.
struct LoadTerm {
  uint32_t instruction = 0;
  ptx::StateSpace space = ptx::StateSpace::Generic;
  unsigned bits = 32;
  bool immutable = false;  // memory no store of the kernel can write
  bool matters = true;     // a branch occurrence depends on its value (per-thread loads)
  std::vector<z3::expr> address, value, reach;
};

// One occurrence of a store (for the `unwritten` queries): its address and
// size in a thread anywhere in the launch, and whether that thread gets there.
struct StoreTerm {
  uint32_t instruction = 0;
  z3::expr reach, address;  // address: 64 bits
  unsigned bytes = 0;
};

struct BranchEncoding {
  z3::expr_vector base;               // launch limits, the threads' ids, assumptions, lane facts
  z3::expr same_warp;                 // the tracked threads are distinct lanes of one warp
  unsigned threads = 2;               // 2, or 32 for whole_warp
  std::vector<z3::expr> ntid, nctaid, ctaid;           // 32-bit
  std::vector<std::vector<z3::expr>> tid;             // [thread][dimension]
  std::vector<z3::expr> lane, warp, linear;           // per thread
  std::vector<std::pair<std::string, z3::expr>> params;  // scalar kernel parameters by name
  std::vector<BranchInstance> instances;
  std::vector<LoadTerm> loads;
  std::vector<StoreTerm> stores;      // encode_stores only
  std::set<std::string> imprecision;  // why a model may not be realisable by a real run
  std::string unsupported;            // non-empty when no encoding could be built
  size_t loops_abstracted = 0;
  unsigned unroll = 0;                // the iterations unrolled before abstracting
  double induction_ms = 0;            // spent proving loop-carried registers uniform
  bool floats = false;                // holds floating-point terms (Z3's bit-blasting tactics suit them)
  // Past the block or instruction budget every further loop was abstracted
  // at once: a union of many slices may be less precise than each alone.
  bool budget_exhausted = false;
  // Every unmodelled symbol, why, and the instruction that made it (kNoInstruction
  // when none did), for branch_view's per-branch imprecision.
  struct ImpreciseSymbol {
    std::string symbol, why;
    uint32_t instruction;
  };
  static constexpr uint32_t kNoInstruction = UINT32_MAX;
  std::vector<ImpreciseSymbol> imprecise_symbols;
};

BranchEncoding encode_branch(z3::context& ctx, const ptx::Module& m, const ptx::Function& f,
                             const analysis::FunctionAnalysis& a, uint32_t branch, const LaunchSpec& launch,
                             const BranchEncodingOptions& options);
// Several branches at once (their slices' union), e.g. for paths.
BranchEncoding encode_branches(z3::context& ctx, const ptx::Module& m, const ptx::Function& f,
                               const analysis::FunctionAnalysis& a, const std::vector<uint32_t>& branches,
                               const LaunchSpec& launch, const BranchEncodingOptions& options);

// The stores `stores` (st, atom, red of global or generic memory) of a
// thread anywhere in the launch (its tid and ctaid named `store.*`; the
// launch's sizes and parameters shared with the branch's encoding in the
// same context), at every occurrence: loops abstracted past the unrolling
// depth stand for every later iteration.
BranchEncoding encode_stores(z3::context& ctx, const ptx::Module& m, const ptx::Function& f,
                             const analysis::FunctionAnalysis& a, const std::vector<uint32_t>& stores,
                             const LaunchSpec& launch, const BranchEncodingOptions& options);

// Every occurrence's reach and outcome terms, of every tracked thread.
std::vector<z3::expr> instance_terms(const BranchEncoding& e);
// Two tracked threads active at the occurrence disagree on its outcome.
z3::expr split_at(const BranchEncoding& e, const BranchInstance& i);
// The imprecision recorded when a shuffle reads another lane's value in the
// two-lane encoding (the whole-warp encoding models it exactly).
extern const char* const kShuffleImprecision;

// An assumption as a 64-bit signed term over the encoding's names.
z3::expr assumption_term(const BranchEncoding& e, const AssumptionExpr& x);

}  // namespace warpsat
