#include "cli/branch_callees.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "frontend/analysis/called_functions.h"
#include "frontend/kernel_names.h"

namespace warpsat::cli {

const char* const kCalleeBranchesReason =
    "no verdict: the analysis encodes the kernel's own body and a call's results as opaque values, so a branch in a "
    "non-inlined .func body is not analysed for any call; inline the function (__forceinline__) to have its branches "
    "analysed where they run";

std::vector<UnanalysedFunction> unanalysed_functions(const ptx::Module& m, const KernelBranches& k) {
  std::vector<UnanalysedFunction> out;
  if (k.function >= m.functions.size()) return out;
  for (const analysis::CalledFunction& c : analysis::called_functions(m, m.functions[k.function])) {
    if (c.branches.empty()) continue;
    UnanalysedFunction u{c.function, short_kernel_name(c.function->name), c.referenced_at, {}};
    for (uint32_t i : c.branches) u.branches.emplace_back(c.function->instructions[i].pos.line, c.function->instructions[i].loc);
    out.push_back(std::move(u));
  }
  return out;
}

size_t unanalysed_count(const std::vector<UnanalysedFunction>& fs) {
  size_t n = 0;
  for (const UnanalysedFunction& f : fs) n += f.branches.size();
  return n;
}

namespace {
std::string line_list(const std::vector<uint32_t>& lines) {
  return fmt::format("{} {}", lines.size() == 1 ? "line" : "lines", fmt::join(lines, ", "));
}
}  // namespace

std::string unanalysed_text(const ptx::Module& m, const std::vector<UnanalysedFunction>& fs) {
  if (fs.empty()) return "";
  std::string s = fmt::format("  not analysed: {} conditional branch(es) in {} function(s) the kernel calls ({})\n",
                              unanalysed_count(fs), fs.size(), kCalleeBranchesReason);
  for (const UnanalysedFunction& f : fs) {
    std::vector<std::string> where;
    for (const auto& [line, loc] : f.branches)
      where.push_back(loc.line ? fmt::format("PTX line {} ({}:{})", line, m.file_path(loc.file), loc.line)
                               : fmt::format("PTX line {}", line));
    s += fmt::format("    function {} (.func, named at PTX {}): {}\n", f.name, line_list(f.called_at),
                     fmt::join(where, ", "));
  }
  return s;
}

nlohmann::json unanalysed_json(const ptx::Module& m, const std::vector<UnanalysedFunction>& fs) {
  nlohmann::json out = nlohmann::json::array();
  for (const UnanalysedFunction& f : fs) {
    nlohmann::json branches = nlohmann::json::array();
    for (const auto& [line, loc] : f.branches)
      branches.push_back({{"ptx_line", line},
                          {"source", loc.line ? nlohmann::json{{"file", std::string(m.file_path(loc.file))}, {"line", loc.line}}
                                              : nlohmann::json(nullptr)}});
    out.push_back({{"function", std::string(f.function->name)},
                   {"short_name", f.name},
                   {"called_at", f.called_at},
                   {"branches", branches},
                   {"reason", kCalleeBranchesReason}});
  }
  return out;
}

}  // namespace warpsat::cli
