// What asynchronous bulk operations leave behind in a CTA, for the two
// protocol errors the emulator reports (exec_tma.cpp; docs/emulator.md,
// "TMA"): shared memory a bulk copy still reads being written before the
// wait_group.read that covers it, and shared memory written by ordinary
// stores (the generic proxy) being read by a bulk copy (the async proxy)
// with no fence.proxy.async in between.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "emulator/simt/state.h"

namespace warpsat::ptx {
struct Module;
}

namespace warpsat::simt {

// A bulk copy's shared-memory source, read until the bulk async-group that
// holds the copy is waited on (cp.async.bulk.wait_group.read). The copy
// itself happened at issue: only the promise is tracked.
struct PendingRead {
  static constexpr uint64_t kUncommitted = ~uint64_t{0};
  uint64_t begin = 0, end = 0;  // shared offsets [begin, end)
  uint32_t thread = 0;          // the issuing thread, linear in its CTA
  uint32_t function = 0, instruction = 0;
  uint64_t group = kUncommitted;  // the issuing thread's async-group number, once committed
};

// A generic-proxy write to a shared byte, and the fence count of the run
// when it happened: a fence.proxy.async by the writer, or by the thread that
// issues the bulk copy, after that count orders it before the copy.
struct GenericWrite {
  uint32_t rank = 0, thread = 0;
  uint32_t function = 0, instruction = 0;
  uint64_t fences = 0;
};

struct AsyncState {
  std::vector<PendingRead> reads;
  // Per 128-byte chunk of shared memory, the pending reads that cover part
  // of it: a write checks `reads` only where one does. A correct kernel
  // never writes there, and CUTLASS's epilogues keep up to 64 reads pending
  // beside every shared store (a tenth of the FP8 GEMM's time, scanning).
  std::vector<uint16_t> pending_chunks;
  static constexpr unsigned kChunkShift = 7;
  void add_read(const PendingRead& r) {
    reads.push_back(r);
    count_chunks(r, 1);
  }
  template <class Done>
  void erase_reads(Done done) {
    std::erase_if(reads, [&](const PendingRead& r) {
      if (!done(r)) return false;
      count_chunks(r, -1);
      return true;
    });
  }
  // The first pending read that covers part of [offset, offset + n), or null.
  const PendingRead* overlapping_read(uint64_t offset, uint64_t n) const {
    if (!may_be_read(offset, n)) return nullptr;
    for (const PendingRead& r : reads)
      if (offset < r.end && r.begin < offset + n) return &r;
    return nullptr;
  }
  // Per thread of the CTA (linear id), grown on first use: flat arrays,
  // because the proxy check reads them for every byte a bulk copy reads.
  std::vector<uint64_t> committed;  // bulk async-groups the thread committed
  // Generic-proxy writes (RunState::track_proxy): per shared byte, an index
  // into writes (0: none since the last async-proxy write).
  bool tracking = false;
  std::vector<uint32_t> writer;
  std::vector<GenericWrite> writes{GenericWrite{}};
  std::vector<uint32_t> last_write;  // by writer_key(rank, thread): its latest record (0: none)
  std::vector<uint64_t> fenced;      // by thread: the run's fence count at its last fence.proxy.async (0: never)
  uint64_t& committed_by(uint32_t thread) { return grown(committed, thread); }
  uint64_t& fenced_by(uint32_t thread) { return grown(fenced, thread); }
  uint64_t fence_of(uint32_t thread) const { return thread < fenced.size() ? fenced[thread] : 0; }
  // A writing thread of the cluster: its CTA's rank and its thread (< 1024).
  static uint32_t writer_key(uint32_t rank, uint32_t thread) { return rank << 10 | thread; }

 private:
  bool may_be_read(uint64_t offset, uint64_t n) const {
    if (reads.empty() || n == 0) return false;
    const uint64_t last = (offset + n - 1) >> kChunkShift;
    for (uint64_t c = offset >> kChunkShift; c <= last && c < pending_chunks.size(); ++c)
      if (pending_chunks[c]) return true;
    return false;
  }
  void count_chunks(const PendingRead& r, int by) {
    if (r.end <= r.begin) return;
    const uint64_t last = (r.end - 1) >> kChunkShift;
    if (last >= pending_chunks.size()) pending_chunks.resize(last + 1, 0);
    for (uint64_t c = r.begin >> kChunkShift; c <= last; ++c) pending_chunks[c] = static_cast<uint16_t>(pending_chunks[c] + by);
  }
  template <class T>
  static T& grown(std::vector<T>& v, uint32_t i) {
    if (i >= v.size()) v.resize(std::max<size_t>(i + 1, 2 * v.size()), T{});
    return v[i];
  }
};

AsyncState& async_state(Cta& cta);
// Starts tracking generic-proxy writes in a new CTA's shared memory.
void begin_proxy_tracking(Cta& cta);
// Whether a module has instructions that read shared memory through the
// async proxy (bulk copies from shared memory, wgmma with shared operands):
// only then are generic-proxy writes tracked.
bool reads_shared_asynchronously(const ptx::Module& m);

// A generic-proxy write of n bytes at `offset` of `target`'s shared memory
// by lane `lane` of the executing warp (Exec::resolve calls it when the CTA
// has an AsyncState): stops the run if a bulk copy still reads those bytes,
// and records the write for the proxy check.
void async_shared_write(Exec& x, const Op& op, unsigned lane, Cta& target, uint64_t offset, uint64_t n);

// An async-proxy read of n bytes at `offset` of `target`'s shared memory by
// lane `lane` (a bulk copy's source; wgmma's shared operands may use it too):
// stops the run, naming both instructions, when a byte was written through
// the generic proxy with no fence.proxy.async since by the writer or the
// reader.
void check_async_proxy_read(Exec& x, const Op& op, unsigned lane, Cta& target, uint64_t offset, uint64_t n);

// The same check in two halves, for a copy that several lanes issue alike:
// the bytes of the range whose generic write its writer has not fenced
// since (the first byte of each run of one write record, in byte order),
// found once, then checked against each reading lane's own fence.
struct UnfencedWrites {
  std::vector<std::pair<uint64_t, uint32_t>> bytes;  // shared offset, index into AsyncState::writes
};
UnfencedWrites unfenced_writes(const Exec& x, const Cta& target, uint64_t offset, uint64_t n);
void check_reader_fenced(Exec& x, const Op& op, unsigned lane, const Cta& target, const UnfencedWrites& u);

}  // namespace warpsat::simt
