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

#include "encodings/branch_options.h"
#include "frontend/analysis/slices.h"
#include "frontend/assumption.h"
#include "frontend/ptx/ir.h"

namespace warpsat {

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
  // A shared store's writer (shared_store_link.h) only: the value stored,
  // and reach includes the store's own guard.
  std::optional<z3::expr> value;
};

struct BranchEncoding {
  z3::expr_vector base;               // launch limits, the threads' ids, assumptions, lane facts
  z3::expr same_warp;                 // the tracked threads are distinct lanes of one warp
  unsigned threads = 2;               // 2, or 32 for whole_warp
  std::vector<z3::expr> ntid, nctaid, ctaid;           // 32-bit
  std::vector<std::vector<z3::expr>> tid;             // [thread][dimension]
  std::vector<z3::expr> lane, warp, linear;           // per thread
  // The parameters without a value in the launch that the slice reads or an
  // assumption names, by PTX name (parameter_terms.h: the same terms in both).
  std::vector<std::pair<std::string, z3::expr>> params;
  std::vector<BranchInstance> instances;
  std::vector<LoadTerm> loads;
  std::vector<StoreTerm> stores;      // encode_stores only
  std::set<std::string> imprecision;  // why a model may not be realisable by a real run
  std::string unsupported;            // non-empty when no encoding could be built
  size_t loops_abstracted = 0;
  // Shared loads read as the one value stored at their address
  // (BranchEncodingOptions::link_same_address_stores): a witness search
  // without them is the first pass's again.
  size_t stored_values_read = 0;
  unsigned unroll = 0;                // the iterations unrolled before abstracting
  double induction_ms = 0;            // spent proving loop-carried registers uniform
  // The lanes elect.sync elects at each occurrence in the slice (32-bit
  // terms; warp_roles.h), for the "one elected lane" question.
  std::vector<z3::expr> elected_lanes = {};
  size_t exact_broadcasts = 0;        // shuffles from a constant lane given that lane's value exactly
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
  std::vector<ImpreciseSymbol> imprecise_symbols = {};
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
// Values of loop iterations past the unrolled ones, abstracted to any value.
extern const char* const kAbstractedLoopImprecision;
// The imprecision recorded when a shared load after a barrier reads what
// was stored before it (its value a function of the address).
extern const char* const kSharedAfterBarrierImprecision;
// The imprecision recorded when a plain load of global (or generic) memory
// the kernel writes is read race-free: one value per address and
// occurrence (LoadKind::WarpCoherent).
extern const char* const kWarpCoherentGlobalImprecision;
extern const char* const kWarpCoherentGenericImprecision;

}  // namespace warpsat
