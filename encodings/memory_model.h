// What a load in a branch's slice may return (docs/branches.md, "Memory"):
// which loads read memory that cannot change while the kernel runs, which
// shared-memory loads read what was stored before the last barrier, and
// which stores could write a given address. The branch encoding asks this
// per load; the solver asks Z3 about the stores (`unwritten` queries).
//
// No Z3 here: the classification is a property of the PTX alone, computed
// once per encoding; the store addresses are terms of branch_encoding.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <vector>

#include "frontend/analysis/slices.h"
#include "frontend/ptx/ir.h"

namespace warpsat {

enum class LoadKind {
  // The same address holds the same value for every thread, for the whole
  // kernel: .const, .param, ld.global.nc, ldu, texture reads, a space no
  // store of the module writes, or a load proved unwritten by Z3.
  ReadOnly,
  // A shared-memory load that no shared store can reach without a
  // block-wide barrier in between: in a race-free kernel it reads what was
  // stored before that barrier, the same for every thread of the block that
  // reads the address at the same time.
  AfterBarrier,
  // A plain (weak) load of global or generic memory the kernel writes: in
  // a race-free kernel, two lanes of a warp that read one address at the
  // same point of the program (the same dynamic occurrence) read the same
  // value, since a write between their two reads would race with one of
  // them. A value per warp, address and occurrence, otherwise free. (CUB's
  // segmented reduction reads its segment's offsets, d_begin_offsets[
  // blockIdx.x], from a buffer that may, for all Z3 knows, alias d_out.)
  WarpCoherent,
  // Anything else: a value per thread.
  PerThread,
};

// The memory a store-like instruction writes (nullopt: it writes none).
// Calls count as writing generic memory: the callee may store anywhere.
std::optional<ptx::StateSpace> written_space(const ptx::Instruction& ins);

// Loads whose ordering qualifiers say another agent may write the memory
// while the kernel runs (.volatile, .relaxed, .acquire, .mmio): never read-only
// when their space is written, never broadcast through a barrier.
bool ordered_load(const ptx::Instruction& ins);

// A barrier every thread of the block waits at: bar.sync/barrier.sync (or
// bar.red) with barrier 0 and no thread count, unguarded. Named barriers
// with a count synchronise a subset and order nothing for the others.
bool block_barrier(const ptx::Instruction& ins);

class MemoryModel {
 public:
  // race_free: assume the kernel has no data races (--no-race-free: false),
  // which is what lets a shared load after a barrier be AfterBarrier.
  MemoryModel(const ptx::Module& m, const ptx::Function& f, const analysis::FunctionAnalysis& a, bool race_free);

  // What the load at instruction `index` (ld, ldu, tex, tld4) may return.
  // `unwritten`: loads the solver proved no store of the launch can write.
  LoadKind classify(uint32_t index, const std::set<uint32_t>& unwritten) const;
  bool space_written(ptx::StateSpace s) const;

  // The kernel's instructions that may write global memory (st, atom, red,
  // generic ones too), for the `unwritten` queries; nullopt when one cannot
  // be bounded: a call, a store in another function, a store whose address
  // is not a plain [base + offset], or a write the model cannot size.
  const std::optional<std::vector<uint32_t>>& global_writers() const { return global_writers_; }
  // Loads for which an `unwritten` query may help: global or generic, not
  // ordered, in a space that is written.
  bool may_prove_unwritten(uint32_t index) const;

  // The stores whose values an AfterBarrier shared load may read from the
  // barrier interval just before it (docs/branches.md, "Values stored
  // before a barrier"): every shared write that reaches the load's barrier
  // without passing another, when each is a plain scalar st.shared of the
  // load's width, at most kMaxFeedingStores of them, and neither they nor
  // that barrier in a loop, so that each thread runs each store at most once
  // before the one barrier every reader passed. nullopt where the load's
  // value cannot be tied to stores that way.
  static constexpr size_t kMaxFeedingStores = 4;
  std::optional<std::vector<uint32_t>> feeding_stores(uint32_t load) const;

  // For witness searches only (the solver's linked retry, whose splits the
  // replay must reproduce): the stores of that interval that write the
  // load's own address as spelled, `[variable + offset]`, every other write
  // of the interval set aside, whatever their number. CUB's BlockStore
  // broadcasts a tile's item count this way (`temp_storage.valid_items`,
  // stored by thread 0 beside a block exchange's 17 stores through
  // registers, which a proof could not exclude). nullopt where the load's
  // address is no named variable or no such store is in the interval.
  std::optional<std::vector<uint32_t>> same_address_stores(uint32_t load) const;

 private:
  void find_written_spaces();
  void find_dirty_loads();
  void find_concurrent_writes();
  void find_global_writers();
  bool in_loop(uint32_t instruction) const;
  // The block-wide barriers and shared writes met walking backward from
  // `from` (exclusive) to the nearest barriers; `entry`: the walk reached
  // the function's entry without a barrier.
  struct BackwardScan {
    std::vector<uint32_t> barriers, writes;
    bool entry = false;
  };
  BackwardScan scan_back(uint32_t from) const;

  const ptx::Module& m_;
  const ptx::Function& f_;
  const analysis::FunctionAnalysis& a_;
  bool race_free_;
  std::set<ptx::StateSpace> written_;
  bool surfaces_written_ = false;
  std::vector<bool> concurrent_write_;  // per instruction: a shared write may run in its barrier interval
  std::vector<bool> dirty_;  // per instruction: a shared store may precede it within one barrier interval
  std::optional<std::vector<uint32_t>> global_writers_;
};

}  // namespace warpsat
