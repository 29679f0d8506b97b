// The subcommands, each registered on the CLI11 app by its add_*_command.
#pragma once

#include <functional>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "frontend/kernel_names.h"
#include "frontend/ptx/ir.h"
#include "frontend/source_condition.h"
#include "solver/branch_analysis.h"

namespace warpsat::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitCheckFailed = 1;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitDisagreement = 3;
inline constexpr int kExitNoAnswer = 4;
inline constexpr int kExitInternal = 70;  // EX_SOFTWARE

struct Command {
  CLI::App* app;
  std::function<int()> run;
};

void add_calibrate_command(CLI::App& app, std::vector<Command>& commands);
void add_check_trace_command(CLI::App& app, std::vector<Command>& commands);
void add_check_pipeline_command(CLI::App& app, std::vector<Command>& commands);
void add_compare_profile_command(CLI::App& app, std::vector<Command>& commands);
void add_simulate_command(CLI::App& app, std::vector<Command>& commands);
void add_tile_command(CLI::App& app, std::vector<Command>& commands);
void add_prove_model_command(CLI::App& app, std::vector<Command>& commands);
void add_inspect_command(CLI::App& app, std::vector<Command>& commands);
void add_print_command(CLI::App& app, std::vector<Command>& commands);
void add_run_command(CLI::App& app, std::vector<Command>& commands);
void add_advise_command(CLI::App& app, std::vector<Command>& commands);
void add_profile_command(CLI::App& app, std::vector<Command>& commands);
void add_branches_command(CLI::App& app, std::vector<Command>& commands);
void add_report_command(CLI::App& app, std::vector<Command>& commands);

// SARIF 2.1.0 for the divergent and undecided branches (branches_sarif.cpp);
// with a source root, artifact URIs are relative to it (base id SRCROOT).
// Kernels are named as `names` shows them (short, or mangled with
// --full-names), the mangled name kept in each result's properties.
nlohmann::json branches_sarif(const ptx::Module& m, const std::vector<KernelBranches>& kernels,
                              const std::string& source_root = "", const SourceFiles* sources = nullptr,
                              const KernelNames* names = nullptr);
void add_validate_model_command(CLI::App& app, std::vector<Command>& commands);
void add_launch_template_command(CLI::App& app, std::vector<Command>& commands);
void add_merge_command(CLI::App& app, std::vector<Command>& commands);
void add_cache_command(CLI::App& app, std::vector<Command>& commands);

}  // namespace warpsat::cli
