// A GEMM problem written down in TOML (examples/problems/*.toml), so a question
// can be kept, versioned and re-asked. Command-line options override it.
//
//   m = 1024                  # required unless given on the command line
//   n = 512
//   k = 1024
//   machine = "a6000-paper"   # bundled name, or a path relative to this file
//   workload = "llm.csv"      # `tile`: many shapes instead of m, n, k (relative to this file)
//   [search]                  # what `warpsat tile` ranges over
//   tiles = [32, 64, 128]     # or tm = [...], tn = [...], tk = [...]
//   stages = [2, 4]           # inclusive range of buffer depths D
//   objective = "lex"
//   [config]                  # what `warpsat simulate` runs
//   tile = "128x64x128"
//   stages = 4
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "frontend/gemm_problem.h"

namespace warpsat {

struct ProblemFile {
  std::optional<int64_t> m, n, k;
  std::optional<std::string> machine;  // resolved relative to the file
  std::optional<std::string> workload;  // a workload CSV path, resolved relative to the file
  std::optional<std::vector<int64_t>> tm, tn, tk;
  std::optional<std::pair<int64_t, int64_t>> stage_range;
  std::optional<Objective> objective;
  std::optional<Tile> tile;
  std::optional<int64_t> stages;
};

ProblemFile parse_problem_file(std::string text, const std::string& source);
ProblemFile read_problem_file(const std::string& path);

}  // namespace warpsat
