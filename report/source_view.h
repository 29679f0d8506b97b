// `warpsat report`: one self-contained HTML page per kernel with the CUDA
// source beside the PTX, every line marked with its branch verdicts and, for
// a concrete launch, the emulator's counts per line (what Nsight Compute's
// source page shows, plus proofs). Plain structs in, HTML text out: the
// verdicts come from the solver through cli/, so nothing here sees Z3.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace warpsat::report {

struct LineCounts {
  uint64_t warp_instructions = 0;  // warp-level executions of the line's instructions
  uint64_t branches = 0;           // executions of its conditional branches, per warp
  uint64_t divergent = 0;          // ... whose active lanes split
  // Memory (the emulator's memory metrics): global/local requests and
  // 32-byte sectors, shared requests, wavefronts and bank conflicts.
  uint64_t device_requests = 0, sectors = 0, shared_requests = 0, wavefronts = 0, bank_conflicts = 0;
  // TMA copies' global side (loads and stores), and the swizzle modes of
  // TMA and wgmma (simt::SwizzleBit); wgmma's operand reads count as shared.
  uint64_t tma_copies = 0, tma_bytes = 0, tma_sectors = 0;
  uint8_t swizzles = 0;
  LineCounts& operator+=(const LineCounts& o);
};

struct BranchMark {
  uint32_t ptx_line = 0;
  uint32_t source_file = 0, source_line = 0;  // the .file index and line (innermost, where it is written); 0: none
  std::string verdict;                        // "uniform", "divergent", "unreachable" or "unknown"
  std::string reason;
  std::vector<std::string> details;  // the source condition, witness and ranges, in words
  bool validated = false;
  std::string validation;
};

struct SourceFileView {
  uint32_t index = 0;  // the .file index
  std::string name;    // as the PTX spells it
  bool readable = false;
  std::string why_not;             // when not readable
  std::vector<std::string> lines;  // the whole file
  std::map<uint32_t, LineCounts> counts;
  std::map<uint32_t, std::vector<uint32_t>> ptx_lines;  // source line -> PTX lines compiled from it
};

struct PtxLine {
  uint32_t line = 0;
  std::string text;
  uint32_t source_file = 0, source_line = 0;  // of the instruction on it; 0: none
};

struct KernelView {
  std::string kernel, ptx_file;
  std::vector<std::string> assumptions;
  std::vector<PtxLine> ptx;  // the kernel's lines of the PTX file
  std::map<uint32_t, LineCounts> ptx_counts;
  std::vector<BranchMark> branches;
  std::vector<SourceFileView> sources;  // empty: no .loc lines
  bool has_counts = false;
  std::string launch;      // the launch the counts are for, in words
  std::string counts_note;  // why there are no counts (no launch, or the run failed)
};

struct IndexEntry {
  std::string kernel, page;
  size_t uniform = 0, divergent = 0, unreachable = 0, unknown = 0;
  double branch_efficiency = -1;  // percent; < 0: not run
};

std::string html_escape(const std::string& text);

// A whole page: inline CSS, a few lines of plain JavaScript (clicking a
// source line highlights its PTX lines), no external resources.
std::string kernel_page(const KernelView& view);
std::string index_page(const std::string& ptx_file, const std::vector<IndexEntry>& kernels);

}  // namespace warpsat::report
