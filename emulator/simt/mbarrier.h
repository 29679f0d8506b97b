// mbarrier objects (PTX ISA, "mbarrier"): the word the emulator keeps in
// shared memory, and the operations other instruction families perform on
// it (a TMA copy's complete-tx, a try_wait's wake-up, a deadlock report).
#pragma once

#include <cstdint>
#include <string>

#include "emulator/simt/state.h"

namespace warpsat::simt {

struct RunState;

// The 64-bit object is opaque in PTX; here it is
//   bits  0..19  pending arrivals of the current phase
//   bits 20..39  expected arrivals per phase (init's count, less arrive_drop's)
//   bits 40..60  tx-count, 21-bit two's complement: [-(2^20 - 1), 2^20 - 1]
//   bit  62      set by init, cleared by inval: the word holds an mbarrier
//   bit  63      the current phase's parity
// The counts' ranges are the ISA's; an operation that would leave one is
// undefined in PTX and stops the run.
struct MbarrierWord {
  static constexpr uint32_t kMaxCount = (1u << 20) - 1;
  static constexpr int32_t kMaxTx = (1 << 20) - 1;
  uint32_t pending = 0, expected = 0;
  int32_t tx = 0;
  uint32_t parity = 0;
  bool valid = false;

  static MbarrierWord decode(uint64_t w);
  uint64_t encode() const;
};

// Where a shared-memory address points: the CTA (the executing one, or
// another of its cluster for a shared::cluster address) and the offset in
// its shared memory. Throws EmulationError (naming the op and lane) when the
// address is in no CTA's shared memory or [offset, offset + n) is out of bounds.
struct SharedTarget {
  Cta* cta = nullptr;
  uint64_t offset = 0;
};
SharedTarget locate_shared(Exec& x, const Op& op, unsigned lane, uint64_t address, uint64_t n);

// A complete-tx of `bytes` on the mbarrier at `offset` in `target`'s shared
// memory (a bulk copy's completion, possibly in another CTA of the cluster).
// Stops the run, naming `op` and `lane`, when there is no valid mbarrier there
// or the tx-count would leave its range.
void mbarrier_complete_tx(Exec& x, const Op& op, unsigned lane, Cta& target, uint64_t offset, uint64_t bytes);

// A copy through an opaque tensor map (Launch::opaque_tensor_maps) arriving
// at the mbarrier at `offset` in `target`: its bytes are unknown, so from now
// on the mbarrier's phases complete on arrivals alone, and this completes
// the current phase if its arrivals are in.
void mbarrier_complete_opaque(Exec& x, const Op& op, unsigned lane, Cta& target, uint64_t offset);

// When a cluster's CTAs have all finished: an mbarrier whose tx-count is
// not zero had transaction bytes that no wait covered (more bytes than its
// expect-tx announced, counted in a phase nobody waited for) or bytes
// announced that never came. Either is a protocol error: throws
// EmulationError at the last instruction that changed the tx-count.
void check_mbarriers_at_exit(const RunState& rs, const Cluster& cluster);

// Whether the phase a suspended try_wait waits on has completed.
bool mbarrier_wait_over(const Cluster& cluster, const MbarrierWait& wait);

// "mbarrier at shared offset 0x40 of block (0,0,0): phase 3 (parity 1) not
// complete: 1 of 2 arrivals, 4096 of 8192 transaction bytes", for deadlock reports.
std::string describe_mbarrier(const Cta& cta, uint64_t offset, const RunState* rs = nullptr);

}  // namespace warpsat::simt
