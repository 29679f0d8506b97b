// A kernel's per-instruction counts summed per CUDA source line (the `.loc`
// line), for `profile`'s per-line memory table, JSON and `advise`.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "emulator/simt/metrics.h"
#include "frontend/ptx/ir.h"

namespace warpsat::simt {

struct LineMetrics {
  uint32_t file = 0, line = 0;  // the source line; line 0: PTX without .loc, `ptx_lines` says where
  std::vector<uint32_t> ptx_lines;     // the PTX lines of its instructions, ascending
  std::vector<size_t> instructions;    // indices into KernelMetrics::per_instruction
  uint64_t warps = 0, threads = 0, threads_on = 0;
  MemoryMetrics memory;
};

// Which line of an inlined instruction's `.loc` chain it is counted on.
// Innermost: the line the code is written on, as Nsight Compute's source
// view and `branches` attribute it (CUTLASS's whole GEMM is inlined into one
// line of device_kernel.h, where the outermost lumps every access), except
// that the CUDA toolkit's own headers are skipped to the line that called
// them: `atomicAdd`'s atom.shared is on the user's line, not in
// device_atomic_functions.hpp. Outermost: the kernel's own line that called
// the inlined code, as `warpsat report` shows it beside the kernel's source.
enum class LineAttribution { Innermost, Outermost };

// Lines in source order (file, line); instructions without .loc each on a
// line of their own after them.
std::vector<LineMetrics> per_source_line(const KernelMetrics& k, const ptx::Module& m, LineAttribution at);

// The (file, line) an instruction at `loc` is counted on; line 0 without a .loc.
std::pair<uint32_t, uint32_t> attributed_line(const ptx::Module& m, const ptx::DebugLoc& loc, LineAttribution at);

}  // namespace warpsat::simt
