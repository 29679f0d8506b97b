// A kernel's per-instruction counts summed per CUDA source line (the `.loc`
// line, outermost inlined location, as `warpsat report` shows them), for
// `profile`'s per-line memory table, JSON and `advise`.
#pragma once

#include <cstdint>
#include <vector>

#include "emulator/simt/metrics.h"

namespace warpsat::simt {

struct LineMetrics {
  uint32_t file = 0, line = 0;  // the source line; line 0: PTX without .loc, `ptx_lines` says where
  std::vector<uint32_t> ptx_lines;     // the PTX lines of its instructions, ascending
  std::vector<size_t> instructions;    // indices into KernelMetrics::per_instruction
  uint64_t warps = 0, threads = 0, threads_on = 0;
  MemoryMetrics memory;
};

// Lines in source order (file, line); instructions without .loc each on a
// line of their own after them.
std::vector<LineMetrics> per_source_line(const KernelMetrics& k);

}  // namespace warpsat::simt
