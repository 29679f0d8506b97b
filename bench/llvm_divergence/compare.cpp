// Tabulates, per annotated source line of the branch kernels, what LLVM 14's
// divergence analysis and `warpsat branches` say about its conditional
// branches, next to the truth in the `// EXPECT:` comments. compare.sh runs
// opt and warpsat and hands their outputs to this program, which prints the
// markdown that docs/benchmarks.md carries.
//
// Usage: bench_llvm_divergence KERNELS_DIR WORK_DIR STEM...
//   KERNELS_DIR/STEM.cu           the source with its EXPECT annotations
//   KERNELS_DIR/llvm/STEM.ll      the IR LLVM analysed (for its !dbg lines)
//   WORK_DIR/STEM.divergence.txt  opt -passes='print<divergence>' of that IR
//   WORK_DIR/STEM.clang.json      warpsat branches --format json, clang's PTX
//   WORK_DIR/STEM.nvcc.json       the same on nvcc's PTX
//
// A line counts as uniform for warpsat when all its PTX branches are proved
// uniform or unreachable (unreachable implies uniform); for LLVM when none of
// its conditional branches is marked DIVERGENT. Exit 0 when every line LLVM
// calls uniform warpsat proves uniform on both PTX files, 1 otherwise (that
// would be a warpsat weakness to look into), 2 on unreadable input.
#include <fmt/format.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "frontend/diagnostics.h"
#include "frontend/llvm_divergence.h"
#include "frontend/read_file.h"

using namespace warpsat;

namespace {

constexpr size_t kMaxInput = 64u << 20;

struct SourceLine {
  std::string code;    // the line up to its first comment, trimmed
  std::string expect;  // the unqualified EXPECT verdict
};

// Annotated lines of a branch kernel: `CODE // EXPECT: verdict ...`; only
// the unqualified annotation counts here ([block=...] ones are per launch).
std::map<uint32_t, SourceLine> read_expectations(const std::string& path) {
  std::map<uint32_t, SourceLine> lines;
  std::ifstream in(path);
  if (!in) throw InputError({path, 0, 0}, "cannot read");
  std::string text;
  for (uint32_t n = 1; std::getline(in, text); ++n) {
    size_t comment = text.find("//");
    size_t code_begin = text.find_first_not_of(" \t");
    if (comment == std::string::npos || code_begin >= comment) continue;  // comment-only lines are headers
    size_t at = text.find("// EXPECT: ", comment);
    if (at == std::string::npos) continue;
    std::string verdict = text.substr(at + 11);
    verdict = verdict.substr(0, verdict.find_first_of(" /"));
    std::string code = text.substr(code_begin, comment - code_begin);
    code.erase(code.find_last_not_of(" \t") + 1);
    lines[n] = {code, verdict};
  }
  return lines;
}

struct WarpsatKernel {
  std::map<uint32_t, std::string> by_line;  // verdict per source line
  std::map<std::string, int> ptx_branches;  // verdict -> count, every branch of the kernel
};

// Per source line of STEM.cu: divergent if any PTX branch of the line is,
// else unknown if any is, else uniform if any is, else unreachable.
WarpsatKernel read_warpsat(const std::string& path, const std::string& stem) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(read_file(path, kMaxInput));
  } catch (const nlohmann::json::exception& e) {
    throw InputError({path, 0, 0}, e.what());
  }
  auto rank = [](const std::string& v) { return v == "divergent" ? 3 : v == "unknown" ? 2 : v == "uniform" ? 1 : 0; };
  WarpsatKernel k;
  bool found = false;
  for (const auto& kernel : j.at("kernels")) {
    if (kernel.at("name") != stem) continue;
    found = true;
    for (const auto& b : kernel.at("branches")) {
      std::string verdict = b.at("verdict");
      ++k.ptx_branches[verdict];
      const auto& src = b.at("source");
      if (src.is_null()) continue;
      std::string file = src.at("file");
      if (!file.ends_with("/" + stem + ".cu") && file != stem + ".cu") continue;
      uint32_t line = src.at("line");
      auto [it, fresh] = k.by_line.emplace(line, verdict);
      if (!fresh && rank(verdict) > rank(it->second)) it->second = verdict;
    }
  }
  if (!found) throw InputError({path, 0, 0}, "no kernel named " + stem);
  return k;
}

bool uniform(const std::string& v) { return v == "uniform" || v == "unreachable"; }

// Markdown table cells may not hold '|'.
std::string cell(std::string s) {
  for (size_t at = s.find('|'); at != std::string::npos; at = s.find('|', at + 2)) s.replace(at, 1, "\\|");
  return s;
}

struct Row {
  std::string kernel;
  uint32_t line = 0;
  std::string code, expect, llvm, clang, nvcc;
};

struct Totals {
  int lines = 0, expect = 0, llvm = 0, clang = 0, nvcc = 0;
  int llvm_ir_branches = 0, llvm_ir_uniform = 0;
  int clang_branches = 0, clang_uniform = 0, nvcc_branches = 0, nvcc_uniform = 0;
  void add(const Totals& o) {
    lines += o.lines, expect += o.expect, llvm += o.llvm, clang += o.clang, nvcc += o.nvcc;
    llvm_ir_branches += o.llvm_ir_branches, llvm_ir_uniform += o.llvm_ir_uniform;
    clang_branches += o.clang_branches, clang_uniform += o.clang_uniform;
    nvcc_branches += o.nvcc_branches, nvcc_uniform += o.nvcc_uniform;
  }
};

int run(const std::string& kernels_dir, const std::string& work_dir, const std::vector<std::string>& stems) {
  std::vector<std::pair<std::string, Totals>> per_kernel;
  std::vector<Row> rows;
  std::vector<std::string> notes;
  int weaker = 0;  // lines LLVM calls uniform that warpsat does not prove uniform
  for (const std::string& stem : stems) {
    std::string cu = kernels_dir + "/" + stem + ".cu", ll = kernels_dir + "/llvm/" + stem + ".ll";
    std::string div = work_dir + "/" + stem + ".divergence.txt";
    std::vector<llvm_ir::ConditionalBranch> branches =
        llvm_ir::read_divergence(read_file(div, kMaxInput), div, read_file(ll, kMaxInput), ll);
    std::map<uint32_t, bool> llvm_lines = llvm_ir::divergent_by_line(branches, "/" + stem + ".cu");
    WarpsatKernel clang = read_warpsat(work_dir + "/" + stem + ".clang.json", stem);
    WarpsatKernel nvcc = read_warpsat(work_dir + "/" + stem + ".nvcc.json", stem);
    std::map<uint32_t, SourceLine> truth = read_expectations(cu);

    Totals t;
    for (const auto& b : branches) t.llvm_ir_branches++, t.llvm_ir_uniform += !b.divergent;
    for (const auto& [v, n] : clang.ptx_branches) t.clang_branches += n, t.clang_uniform += uniform(v) ? n : 0;
    for (const auto& [v, n] : nvcc.ptx_branches) t.nvcc_branches += n, t.nvcc_uniform += uniform(v) ? n : 0;
    auto verdict = [](const std::map<uint32_t, std::string>& m, uint32_t line) {
      auto it = m.find(line);
      return it == m.end() ? std::string("no branch") : it->second;
    };
    for (const auto& [line, src] : truth) {
      Row r{stem, line, src.code, src.expect, "no branch", verdict(clang.by_line, line), verdict(nvcc.by_line, line)};
      auto l = llvm_lines.find(line);
      if (l != llvm_lines.end())
        r.llvm = l->second ? "divergent" : "uniform";
      else
        notes.push_back(
            fmt::format("{}.cu:{} has no conditional branch in LLVM IR (a select or predication)", stem, line));
      ++t.lines;
      t.expect += uniform(r.expect);
      t.llvm += r.llvm == "uniform";
      t.clang += uniform(r.clang);
      t.nvcc += uniform(r.nvcc);
      if (r.llvm == "uniform" && !(uniform(r.clang) && uniform(r.nvcc))) {
        ++weaker;
        notes.push_back(
            fmt::format("**{}.cu:{}: LLVM calls it uniform, warpsat does not prove it** (clang PTX: {}, nvcc PTX: {})",
                        stem, line, r.clang, r.nvcc));
      }
      rows.push_back(std::move(r));
    }
    for (const auto& [line, d] : llvm_lines)
      if (!truth.count(line)) notes.push_back(fmt::format("{}.cu:{} has LLVM branches but no EXPECT", stem, line));
    per_kernel.emplace_back(stem, t);
  }

  Totals all;
  for (const auto& [stem, t] : per_kernel) all.add(t);
  fmt::print("Per source line (annotated lines of the branch kernels; uniform counts include unreachable):\n\n");
  fmt::print(
      "| kernel | lines | EXPECT uniform | LLVM uniform | warpsat uniform (clang PTX) | warpsat uniform (nvcc PTX) "
      "|\n");
  fmt::print("| --- | ---: | ---: | ---: | ---: | ---: |\n");
  for (const auto& [stem, t] : per_kernel)
    fmt::print("| `{}` | {} | {} | {} | {} | {} |\n", stem, t.lines, t.expect, t.llvm, t.clang, t.nvcc);
  fmt::print("| **total** | **{}** | **{}** | **{}** | **{}** | **{}** |\n\n", all.lines, all.expect, all.llvm,
             all.clang, all.nvcc);

  fmt::print("Per branch instruction (every conditional branch of the kernel, uniform or unreachable / all):\n\n");
  fmt::print("| kernel | LLVM IR `br i1` | clang PTX `@p bra` | nvcc PTX `@p bra` |\n");
  fmt::print("| --- | ---: | ---: | ---: |\n");
  for (const auto& [stem, t] : per_kernel)
    fmt::print("| `{}` | {} / {} | {} / {} | {} / {} |\n", stem, t.llvm_ir_uniform, t.llvm_ir_branches, t.clang_uniform,
               t.clang_branches, t.nvcc_uniform, t.nvcc_branches);
  fmt::print("| **total** | **{} / {}** | **{} / {}** | **{} / {}** |\n\n", all.llvm_ir_uniform, all.llvm_ir_branches,
             all.clang_uniform, all.clang_branches, all.nvcc_uniform, all.nvcc_branches);

  fmt::print("Every annotated line:\n\n");
  fmt::print("| line | condition | EXPECT | LLVM | warpsat (clang PTX) | warpsat (nvcc PTX) |\n");
  fmt::print("| --- | --- | --- | --- | --- | --- |\n");
  for (const Row& r : rows)
    fmt::print("| {}.cu:{} | `{}` | {} | {} | {} | {} |\n", r.kernel, r.line, cell(r.code), r.expect, r.llvm, r.clang,
               r.nvcc);
  if (!notes.empty()) {
    fmt::print("\n");
    for (const std::string& n : notes) fmt::print("- {}\n", n);
  }
  fmt::print(
      "\nTotals: {} annotated lines; EXPECT uniform {}; LLVM uniform {}; warpsat uniform {} (clang PTX), {} (nvcc "
      "PTX); "
      "LLVM-uniform lines warpsat does not prove: {}\n",
      all.lines, all.expect, all.llvm, all.clang, all.nvcc, weaker);
  return weaker == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s KERNELS_DIR WORK_DIR STEM...\n", argv[0]);
    return 2;
  }
  try {
    return run(argv[1], argv[2], std::vector<std::string>(argv + 3, argv + argc));
  } catch (const InputError& e) {
    std::fprintf(stderr, "%s\n", e.render().c_str());
    return 2;
  } catch (const nlohmann::json::exception& e) {
    std::fprintf(stderr, "bench_llvm_divergence: unexpected warpsat JSON: %s\n", e.what());
    return 2;
  }
}
