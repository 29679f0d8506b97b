// The emulator's hook for memory metrics: every warp-level memory
// instruction's lane addresses, read before it runs (a load may overwrite
// its own address register), counted by the rules of memory_metrics.h per
// static instruction and class.
#pragma once

#include <cstdint>
#include <vector>

#include "emulator/simt/memory_metrics.h"
#include "emulator/simt/program.h"

namespace warpsat::simt {

struct Exec;

class MemoryRecorder {
 public:
  explicit MemoryRecorder(SharedRemap remap = {}) : remap_(remap) {}
  void record(const Exec& x, const Op& op, uint32_t exec);
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
};

// How `ins` touches memory, for Op::mem_access (decode time).
MemAccess classify_memory_access(const ptx::Instruction& ins, const Op& op);

}  // namespace warpsat::simt
