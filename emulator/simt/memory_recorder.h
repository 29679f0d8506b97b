// The emulator's hook for memory metrics: every warp-level memory
// instruction's lane addresses, read before it runs (a load may overwrite
// its own address register), counted by the rules of memory_metrics.h per
// static instruction and class.
#pragma once

#include <cstdint>
#include <vector>

#include "emulator/simt/memory_metrics.h"
#include "emulator/simt/program.h"
#include "emulator/simt/swizzle.h"

namespace warpsat::simt {

struct Exec;

class MemoryRecorder {
 public:
  explicit MemoryRecorder(SharedRemap remap = {}) : remap_(remap) {}
  void record(const Exec& x, const Op& op, uint32_t exec);
  // One TMA or bulk copy of instruction `pc` of function `f` (exec_tma.cpp):
  // its global side as the byte ranges {address, bytes} it reads or writes
  // (sectors and lines counted distinct over the copy; returns the sectors),
  // (`copies` alike copies: an epilogue's store every lane of a warp issues),
  // and its shared side, `bytes` in each of `destinations` CTAs.
  struct ByteRange {
    uint64_t address, bytes;
  };
  uint64_t record_bulk_global(uint32_t f, uint32_t pc, MemClass c, const std::vector<ByteRange>& ranges, Swizzle s,
                              unsigned copies = 1);
  void record_bulk_shared(uint32_t f, uint32_t pc, MemClass c, uint64_t bytes, unsigned destinations,
                          uint64_t delivered_sectors, Swizzle s);
  // One warp-group MMA's shared operands (wgmma_async.cpp): bytes read and
  // their wavefronts (wgmma.h, operand_wavefronts), `swizzles` the
  // descriptors' modes (SwizzleBit).
  void record_wgmma(uint32_t f, uint32_t pc, uint64_t bytes, const WavefrontCount& w, uint8_t swizzles);
  // The classes instruction `pc` of function `f` touched, with their counts.
  std::vector<ClassCounters> at(uint32_t f, uint32_t pc) const;

 private:
  struct Entry {
    MemClass cls;
    AccessCounters counters;
    uint32_t next = UINT32_MAX;
  };
  AccessCounters& counters(uint32_t f, uint32_t pc, MemClass c);
  void count_device(uint32_t f, uint32_t pc, MemClass c, const uint64_t* address, uint32_t mask, unsigned bytes,
                    bool atomic);
  void count_local(uint32_t f, uint32_t pc, MemClass c, const uint64_t* address, uint32_t mask, unsigned bytes);
  void count_shared(uint32_t f, uint32_t pc, MemClass c, const uint64_t* address, uint32_t mask, unsigned bytes,
                    bool atomic);

  SharedRemap remap_;
  std::vector<std::vector<uint32_t>> first_;  // [function][pc] -> entries_ index
  std::vector<Entry> entries_;
  std::vector<uint64_t> sectors_, lines_;  // record_bulk_global's scratch
};

inline uint8_t swizzle_bit(Swizzle s) {
  return s == Swizzle::B32 ? kSwizzle32B : s == Swizzle::B64 ? kSwizzle64B : s == Swizzle::B128 ? kSwizzle128B : kSwizzleNone;
}

// How `ins` touches memory, for Op::mem_access (decode time).
MemAccess classify_memory_access(const ptx::Instruction& ins, const Op& op);

}  // namespace warpsat::simt
