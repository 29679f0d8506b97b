// Options shared by `simulate` and `tile`: the GEMM shape and machine, from
// flags, from a problem file (--problem), or both (flags win).
#pragma once

#include <memory>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "frontend/gemm_problem.h"
#include "frontend/problem_file.h"

namespace warpsat::cli {

struct ProblemOptions {
  std::optional<int64_t> m, n, k;
  std::string machine;
  std::string problem_file;
  std::string format = "table";
  std::string model = "seed001";

  // Registers --m --n --k --machine --problem --format --model on `app`.
  void add_to(CLI::App& app, std::vector<std::string> formats);

  // Reads --problem when given; throws InputError naming what is missing.
  ProblemFile load_file() const;
  GemmShape shape(const ProblemFile& f) const;
  Machine machine_description(const ProblemFile& f) const;
};

// Writes `text` to `path`; throws InputError naming the path when it cannot.
void write_text_file(const std::string& path, const std::string& text);

}  // namespace warpsat::cli
