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
  std::string model;    // empty: hopper on an sm90 machine, seed001 otherwise
  std::string target;   // empty: the machine's arch (sm90) unless a seed001/async model is asked for
  std::string element;  // sm90 operand type; empty: the machine's

  // Registers --m --n --k --machine --problem --format --model on `app`.
  void add_to(CLI::App& app, std::vector<std::string> formats);

  // Reads --problem when given; throws InputError naming what is missing.
  ProblemFile load_file() const;
  GemmShape shape(const ProblemFile& f) const;
  Machine machine_description(const ProblemFile& f) const;

  // The target and model (docs/machines.md): sm90 for a machine with arch =
  // "sm90" unless --target generic or --model seed001/async says otherwise;
  // --element re-types the machine's operands (sm90 only). Throws InputError
  // (command line) on a combination that does not exist.
  struct Target {
    GemmModel model = GemmModel::Seed001;
    bool sm90 = false;
  };
  Target resolve_target(Machine& machine) const;
  // For commands that know only seed 001's kernel (check-trace): seed001
  // unless --model async; InputError (command line) for hopper or --target.
  GemmModel single_pipeline_model() const;
};

// Writes `text` to `path`; throws InputError naming the path when it cannot.
void write_text_file(const std::string& path, const std::string& text);

}  // namespace warpsat::cli
