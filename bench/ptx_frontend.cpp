// Times the PTX frontend: parse, then for every function the CFG,
// dominators, post-dominators, reaching definitions and all branch slices.
//
//   bench_ptx_frontend FILE.ptx... [--repeat N] [--parse-only]
//
// --parse-only times the parser alone (lexing, parsing, scope resolution and
// the checks), without the analyses.
// Reports the median over N runs per file, as MB/s and kernels/s.
#include <algorithm>
#include <chrono>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "frontend/analysis/slices.h"
#include "frontend/ptx/lexer.h"
#include "frontend/ptx/parser.h"
#include "frontend/read_file.h"

using namespace warpsat;

int main(int argc, char** argv) {
  CLI::App app{"time the PTX frontend (parse + CFG + post-dominators + slices)"};
  std::vector<std::string> files;
  int repeat = 20;
  app.add_option("files", files, "PTX files")->required();
  app.add_option("--repeat", repeat, "runs per file (the median is reported)")->check(CLI::PositiveNumber);
  bool parse_only = false;
  app.add_flag("--parse-only", parse_only, "time the parser alone, without the CFG and slices");
  CLI11_PARSE(app, argc, argv);

  fmt::print("{:<40} {:>9} {:>8} {:>8} {:>10} {:>10} {:>11}\n", "file", "KB", "kernels", "slices", "median ms",
             "MB/s", "kernels/s");
  for (const auto& path : files) {
    std::string text = read_file(path, ptx::kMaxPtxBytes);
    std::vector<double> ms;
    size_t kernels = 0, slices = 0;
    for (int r = 0; r < repeat; ++r) {
      auto start = std::chrono::steady_clock::now();
      ptx::Module m = ptx::parse_module(text, path);
      kernels = slices = 0;
      for (const ptx::Function& f : m.functions) {
        if (!f.has_body) continue;
        kernels += f.is_entry;
        if (!parse_only) slices += analysis::analyse_function(f, m.source).slices.size();
      }
      ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(ms.begin(), ms.end());
    double median = ms[ms.size() / 2];
    std::string name = path.size() > 40 ? "..." + path.substr(path.size() - 37) : path;
    fmt::print("{:<40} {:>9.0f} {:>8} {:>8} {:>10.1f} {:>10.1f} {:>11.0f}\n", name, static_cast<double>(text.size()) / 1024,
               kernels, slices, median, static_cast<double>(text.size()) / 1e6 / (median / 1000),
               static_cast<double>(kernels) / (median / 1000));
  }
  return 0;
}
