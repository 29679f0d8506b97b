#include "emulator/simt/line_metrics.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace warpsat::simt {

namespace {

// A header of the CUDA toolkit (nvcc writes them as
// ".../targets/<arch>/include/device_atomic_functions.hpp", or under
// ".../cuda/include/"), not of the user's code or of a library like CUTLASS.
bool toolkit_header(std::string_view path) {
  return path.find("/targets/") != std::string_view::npos || path.find("/cuda/include/") != std::string_view::npos ||
         path.find("/include/crt/") != std::string_view::npos;
}

}  // namespace

std::pair<uint32_t, uint32_t> attributed_line(const ptx::Module& m, const ptx::DebugLoc& loc, LineAttribution at) {
  if (at == LineAttribution::Outermost) return {loc.outer_file, loc.outer_line};
  uint32_t file = loc.file, line = loc.line, inlined_at = loc.inlined_at;
  // Out of the toolkit's headers, to the call site; a bad index ends the walk.
  for (size_t hops = 0; line && inlined_at && hops < m.inline_sites.size() && toolkit_header(m.file_path(file)); ++hops) {
    if (inlined_at > m.inline_sites.size()) break;
    const ptx::InlineSite& site = m.inline_sites[inlined_at - 1];
    file = site.file, line = site.line, inlined_at = site.inlined_at;
  }
  return {file, line};
}

std::vector<LineMetrics> per_source_line(const KernelMetrics& k, const ptx::Module& m, LineAttribution at) {
  // Key: (no .loc, file, line or PTX line).
  std::map<std::tuple<bool, uint32_t, uint32_t>, LineMetrics> lines;
  for (size_t i = 0; i < k.per_instruction.size(); ++i) {
    const InstructionMetrics& in = k.per_instruction[i];
    auto [file, line] = attributed_line(m, in.loc, at);
    bool located = line != 0;
    auto key = located ? std::make_tuple(false, file, line) : std::make_tuple(true, 0u, in.ptx_line);
    LineMetrics& l = lines[key];
    if (located) l.file = file, l.line = line;
    l.ptx_lines.push_back(in.ptx_line);
    l.instructions.push_back(i);
    l.warps += in.warps;
    l.threads += in.threads;
    l.threads_on += in.threads_on;
    l.memory.measured = k.memory.measured;
    for (const ClassCounters& m : in.memory) l.memory[m.cls] += m.counters;
  }
  std::vector<LineMetrics> out;
  out.reserve(lines.size());
  for (auto& [key, l] : lines) {
    std::sort(l.ptx_lines.begin(), l.ptx_lines.end());
    l.ptx_lines.erase(std::unique(l.ptx_lines.begin(), l.ptx_lines.end()), l.ptx_lines.end());
    out.push_back(std::move(l));
  }
  return out;
}

}  // namespace warpsat::simt
