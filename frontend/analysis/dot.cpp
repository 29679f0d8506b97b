#include "frontend/analysis/dot.h"

#include <algorithm>

#include <fmt/format.h>

namespace warpsat::analysis {

namespace {
std::string escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string block_title(const ptx::Function& f, const BasicBlock& b) {
  for (const ptx::Label& l : f.labels)
    if (l.instruction == b.first && b.first < b.end) return std::string(l.name);
  return b.first < b.end ? fmt::format("line {}", f.instructions[b.first].pos.line) : "(empty)";
}
}  // namespace

std::string cfg_to_dot(const ptx::Function& f, const FunctionAnalysis& a) {
  const Cfg& cfg = a.cfg;
  std::vector<bool> reconverges(cfg.blocks.size() + 1, false);
  for (const BranchSlice& s : a.slices) {
    uint32_t r = cfg.ipdom[cfg.block_of[s.branch]];
    if (r != kNone) reconverges[r] = true;
  }
  std::string out = fmt::format("digraph \"{}\" {{\n  node [shape=box, fontname=\"monospace\"];\n", escape(f.name));
  out += "  entry [shape=point];\n  entry -> b0;\n";
  for (uint32_t b = 0; b < cfg.blocks.size(); ++b) {
    const BasicBlock& bb = cfg.blocks[b];
    bool branches = bb.first < bb.end && is_conditional_branch(f.instructions[bb.end - 1]);
    std::string label = fmt::format("{}\\lPTX lines {}-{}, {} instructions\\l", escape(block_title(f, bb)),
                                    bb.first < bb.end ? f.instructions[bb.first].pos.line : 0,
                                    bb.first < bb.end ? f.instructions[bb.end - 1].pos.line : 0, bb.end - bb.first);
    std::vector<std::string> attrs{fmt::format("label=\"{}\"", label)};
    if (branches) attrs.push_back("color=red, penwidth=2, xlabel=\"branch\"");
    if (reconverges[b]) attrs.push_back("style=filled, fillcolor=\"#d0f0d0\"");
    if (!cfg.reachable[b]) attrs.push_back("style=dashed");
    out += fmt::format("  b{} [{}];\n", b, fmt::join(attrs, ", "));
    for (uint32_t s : bb.succs) {
      bool back = cfg.dominates(s, b);
      out += fmt::format("  b{} -> b{}{};\n", b, s, back ? " [style=dashed, label=\"back\"]" : "");
    }
    if (bb.exits) out += fmt::format("  b{} -> exit;\n", b);
  }
  out += fmt::format("  exit [shape=doublecircle, label=\"exit\"{}];\n",
                     reconverges[cfg.exit_node()] ? ", style=filled, fillcolor=\"#d0f0d0\"" : "");
  out += "  legend [shape=note, label=\"red: conditional branch\\lgreen: reconvergence point (immediate post-dominator)\\ldashed edge: loop back edge\\l\"];\n";
  return out + "}\n";
}

}  // namespace warpsat::analysis
