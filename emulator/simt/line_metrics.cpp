#include "emulator/simt/line_metrics.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace warpsat::simt {

std::vector<LineMetrics> per_source_line(const KernelMetrics& k) {
  // Key: (no .loc, file, line or PTX line).
  std::map<std::tuple<bool, uint32_t, uint32_t>, LineMetrics> lines;
  for (size_t i = 0; i < k.per_instruction.size(); ++i) {
    const InstructionMetrics& in = k.per_instruction[i];
    bool located = in.loc.outer_line != 0;
    auto key = located ? std::make_tuple(false, in.loc.outer_file, in.loc.outer_line) : std::make_tuple(true, 0u, in.ptx_line);
    LineMetrics& l = lines[key];
    if (located) l.file = in.loc.outer_file, l.line = in.loc.outer_line;
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
