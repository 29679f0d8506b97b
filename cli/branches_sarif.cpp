// SARIF 2.1.0 for `warpsat branches --format sarif`: divergent and unknown
// branches as results at their source (or PTX) locations, for code scanning.
#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "cli/commands.h"

namespace warpsat::cli {

namespace {

namespace fs = std::filesystem;

// Code scanning resolves a result's file against the repository root, so
// with --source-root each URI is relative to that root (resolved from the
// working folder, where nvcc's relative .file paths start) and names the
// base SRCROOT. A file outside the root keeps its path.
nlohmann::json artifact_location(const std::string& path, const std::string& source_root) {
  if (source_root.empty()) return {{"uri", path}};
  std::error_code ec;
  fs::path root = fs::weakly_canonical(fs::absolute(source_root), ec);
  fs::path file = fs::weakly_canonical(fs::absolute(path), ec);
  fs::path rel = file.lexically_relative(root);
  if (ec || rel.empty() || *rel.begin() == "..") return {{"uri", path}};
  return {{"uri", rel.generic_string()}, {"uriBaseId", "SRCROOT"}};
}

std::string root_uri(const std::string& source_root) {
  std::error_code ec;
  std::string p = fs::weakly_canonical(fs::absolute(source_root), ec).generic_string();
  return "file://" + p + (p.ends_with('/') ? "" : "/");
}

}  // namespace

nlohmann::json branches_sarif(const ptx::Module& m, const std::vector<KernelBranches>& kernels,
                              const std::string& source_root, const SourceFiles* sources, const KernelNames* names) {
  nlohmann::json results = nlohmann::json::array();
  for (const KernelBranches& k : kernels)
    for (const BranchResult& b : k.branches) {
      if (b.verdict != BranchVerdict::Divergent && b.verdict != BranchVerdict::Unknown) continue;
      std::string kernel = names ? names->display(k.name) : short_kernel_name(k.name);
      // The innermost source line: where the branch is written, not the
      // line of the kernel it was inlined into.
      bool has_source = b.loc.line != 0 && !m.file_path(b.loc.file).empty();
      std::string uri = has_source ? std::string(m.file_path(b.loc.file)) : m.source;
      uint32_t line = has_source ? b.loc.line : b.ptx_line;
      // Relative to the root, a source is where it was found (the .file path
      // may be relative to a folder other than the working one).
      const SourceText* source_text = has_source && sources ? sources->get(b.loc.file) : nullptr;
      std::string found = source_text && source_text->readable() ? source_text->resolved : uri;
      std::string text = b.verdict == BranchVerdict::Divergent
                             ? fmt::format("Branch in kernel {} diverges within a warp (PTX line {}): {}", kernel,
                                           b.ptx_line, b.reason)
                             : fmt::format("Branch in kernel {} could not be decided (PTX line {}): {}", kernel,
                                           b.ptx_line, b.reason);
      nlohmann::json location = {{"physicalLocation",
                                  {{"artifactLocation", artifact_location(source_root.empty() ? uri : found, source_root)}, {"region", {{"startLine", line}}}}}};
      results.push_back({{"ruleId", b.verdict == BranchVerdict::Divergent ? "warpsat/divergent-branch"
                                                                           : "warpsat/undecided-branch"},
                         {"level", b.verdict == BranchVerdict::Divergent ? "warning" : "note"},
                         {"message", {{"text", text}}},
                         {"locations", {location}},
                         {"properties",
                          {{"kernel", k.name}, {"kernelName", kernel}, {"ptxLine", b.ptx_line}, {"validated", b.validated}}}});
    }
  // --racecheck's races, at the PTX line of the first access (the
  // emulator knows instructions, not source statements).
  bool races = false;
  for (const KernelBranches& k : kernels)
    for (const RaceFinding& r : k.races) {
      races = true;
      std::string kernel = names ? names->display(k.name) : short_kernel_name(k.name);
      std::string text = fmt::format("Data race in kernel {}, in {} ({}): {}", kernel,
                                     r.given_launch ? "the given launch" : "a launch the replay made up", r.launch,
                                     r.text);
      nlohmann::json location = {{"physicalLocation",
                                  {{"artifactLocation", artifact_location(m.source, source_root)},
                                   {"region", {{"startLine", std::max<uint32_t>(r.first_line, 1)}}}}}};
      results.push_back({{"ruleId", "warpsat/data-race"},
                         {"level", "warning"},
                         {"message", {{"text", text}}},
                         {"locations", {location}},
                         {"properties",
                          {{"kernel", k.name}, {"kernelName", kernel}, {"givenLaunch", r.given_launch},
                           {"ptxLines", {r.first_line, r.second_line}}}}});
    }
  nlohmann::json rules = nlohmann::json::array(
      {{{"id", "warpsat/divergent-branch"},
        {"shortDescription", {{"text", "A branch on which the lanes of a warp can go different ways"}}}},
       {{"id", "warpsat/undecided-branch"},
        {"shortDescription", {{"text", "A branch whose uniformity warpsat could not decide"}}}}});
  if (races)
    rules.push_back({{"id", "warpsat/data-race"},
                     {"shortDescription", {{"text", "A data race the emulator's race detector found (--racecheck)"}}}});
  nlohmann::json run = {{"tool", {{"driver", {{"name", "warpsat"}, {"version", WARPSAT_VERSION}, {"rules", rules}}}}},
                        {"results", results}};
  if (!source_root.empty()) run["originalUriBaseIds"] = {{"SRCROOT", {{"uri", root_uri(source_root)}}}};
  return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"}, {"version", "2.1.0"}, {"runs", {run}}};
}

}  // namespace warpsat::cli
