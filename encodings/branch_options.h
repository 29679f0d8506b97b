// What a branch encoding is asked for: the launch (concrete or symbolic
// dimensions, parameter values, assumptions) and the encoding's options.
// Z3-free, so that the solver's public headers, which cli/ includes, carry
// no Z3 types (docs/architecture.md).
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <vector>

#include "frontend/assumption.h"
#include "frontend/time_stats.h"

namespace warpsat {

class InductionMemo;

struct LaunchSpec {
  bool concrete_block = false, concrete_grid = false;
  uint32_t block[3] = {1, 1, 1}, grid[3] = {1, 1, 1};
  // Per kernel parameter: a concrete value (a launch file's scalar), or nullopt.
  std::vector<std::optional<uint64_t>> param_values;
  std::vector<Assumption> assumptions;
  // Threads a block may hold: the hardware's 1024, or fewer where the
  // kernel declares .maxntid (also one of `assumptions`). The symbolic
  // block's encoding adds linear consequences of this bound.
  uint32_t max_block_threads = 1024;
  // A kernel that declares .maxntid runs with exactly that block (where no
  // block is given): library kernels whose block size is a compile-time
  // constant (CUB's) are written for no other (--declared-block).
  bool declared_block = false;
  // Dynamic shared memory of the replay's launches: a launch file's
  // dynamic_shared_bytes or --dynamic-shared-bytes; without either, the most
  // a block may have on the PTX's .target (ptx::max_dynamic_shared_bytes:
  // CUTLASS kernels size their extern .shared array at launch).
  std::optional<uint64_t> dynamic_shared_bytes;
  // The replay's clusters (--cluster): all 0, the kernel's .reqnctapercluster,
  // else one CTA. The encoding keeps cluster registers free either way.
  uint32_t cluster[3] = {0, 0, 0};
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
  // Past either budget, stop encoding and return what was built with
  // budget_exhausted set, for a caller that has no use for abstracted
  // loops (the stores that prove loads unwritten: 1.4 s on CUB's
  // histogram sweep to finish an encoding that was then dropped).
  bool stop_at_budget = false;
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
  // ... and for all encodings of one kernel (with an induction_memo, which
  // counts it): on both CUB files the induction proved nothing after its
  // first 3 million units in a kernel (the same verdicts with 3, 6, 10 and
  // unlimited millions), and spent up to 5 s a kernel more on unknowns
  // (6 million: 1.1 s more on tests/files/cub, for the same verdicts).
  uint64_t induction_kernel_budget_rlimit = 3000000;
  // Assume the kernel has no data races: a shared load no shared store
  // reaches without a block-wide barrier reads, in every thread of the
  // block, what was stored before that barrier (--no-race-free: false).
  bool race_free = true;
  // Assume a register read before anything writes it (LLVM's undef, where
  // the source left a variable uninitialised on some path) holds one value
  // in every thread: a source whose branch depends on such a value has
  // undefined behaviour, and one that does not (CUTLASS's `beta`, loaded
  // only where it is used) loses nothing. Without it, the value is any
  // value per thread (--undefined-per-thread: false).
  bool undefined_registers_shared = true;
  // Assume the lanes of a warp that execute one mbarrier.try_wait/test_wait
  // together, on equal barrier addresses and phase operands, see one result:
  // the hardware tests the barrier once per warp instruction, which the PTX
  // ISA does not promise (--no-warp-waits: false, each lane's own result).
  bool warp_waits_agree = true;
  // Tie an after-barrier shared load to the stores of the interval before
  // that barrier, where that can be done (shared_store_link.h): lanes
  // reading different words that hold equal values then agree. Off in the
  // first pass: the solver's retry for the branches shared memory alone
  // left open turns it on (on CUB the link made no first-pass query
  // decidable and left five splits unconfirmed).
  bool link_shared_stores = false;
  // With link_shared_stores, for witness searches only: a load is tied to
  // the stores of its address as spelled (MemoryModel::same_address_stores),
  // the interval's other writes set aside, and reads the value they store
  // where that value is the same for every thread of the block. Not a
  // proof: another write may alias the address, or no thread store it; the
  // solver keeps only the splits it finds, for the replay to reproduce.
  bool link_same_address_stores = false;
  // Global loads the solver proved no store of the launch can write
  // (`unwritten` queries): read-only, a function of the address.
  std::set<uint32_t> unwritten_loads;
  // What the induction proved in the kernel's other encodings (owned by
  // the solver layer, one per kernel); null: every encoding asks anew.
  InductionMemo* induction_memo = nullptr;
  // Where the time goes (`branches --stats`); null: not recorded.
  TimeStats* stats = nullptr;
};

}  // namespace warpsat
