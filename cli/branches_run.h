// The branch analysis as `branches` and `report` run it: the same options
// (launch, assumptions, solver budgets) and the same verdicts, replayed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "frontend/ptx/ir.h"
#include "solver/branch_analysis.h"

namespace warpsat::cli {

struct BranchesOptions {
  std::string file, kernel, launch, format = "table";
  // --replay-launch: launch files the verdicts are also replayed on, beside
  // the launches the replay makes up (a CUTLASS kernel's real Params).
  std::vector<std::string> replay_launches;
  std::vector<uint32_t> block, grid;
  bool symbolic = false;
  bool racecheck = false;
  std::vector<std::string> assume;
  unsigned timeout_ms = 2000, unroll = 8, seed = 0, exact_float_budget_ms = 10000, jobs = 1;
  unsigned linked_store_budget_ms = 5000;
  size_t max_ranges = 64, max_paths = 32;
  std::string dump_dir;
  bool no_undefined_shared = false, no_warp_waits = false;
  bool no_replay = false, no_race_free = false, per_branch_encoding = false, fresh_solver_per_query = false,
       reached_launch_first = false, bitblast_first = false,
       no_thread_variance = false;
  bool exact_divisions = false;
  bool confirm_seen_splits = false;
  bool in_process = false;  // --in-process: no child process per kernel
  bool stats = false;  // --stats: where the time went, on stderr
  bool declared_block = false;  // --declared-block: .maxntid is the block
  std::optional<uint64_t> dynamic_shared_bytes;  // --dynamic-shared-bytes
  std::vector<uint32_t> cluster;  // --cluster XxYxZ: the clusters the replays launch
  std::string inject_fault = "none";
  std::string source_root;  // SARIF artifact URIs relative to it; also searched for sources
  std::string shard;        // --shard I/N (cli/shard.h): only that part of the kernels
  std::string cache;        // --cache FILE or WARPSAT_CACHE (cli/branch_cache.h); "": none
  bool trust_cache = false;
  bool full_names = false;    // --full-names: kernels by their mangled names
  bool inline_chain = false;  // --inline-chain: each branch's inlined_at chain in the table
};

// Registers the options of the analysis itself (all but the output format)
// on `sub`, writing into `o`.
void add_branch_analysis_options(CLI::App* sub, BranchesOptions& o);

struct ModuleBranches {
  std::vector<KernelBranches> kernels;  // in module order
  uint32_t grid[3] = {1, 1, 1};         // the grid the options give (names split warps' blocks)
  // With --shard: the selected kernels' count, and which of them (indices
  // into that selection, ascending) `kernels` holds; without, all of them.
  size_t selected = 0;
  std::vector<size_t> items;
  bool concrete_launch = false;         // block and grid both fixed: thread ranges are asked for
  bool from_launch_file = false;        // --launch gave them (and the scalar parameters it sets)
  bool racecheck = false;               // --racecheck: each kernel's races were looked for
  // --kernel named a device function (.func): which kernels were chosen for it.
  std::string selection_note;
  std::vector<std::optional<uint64_t>> param_values;  // scalar values the launch fixes, by parameter index
};

// Every selected kernel's branches, replayed unless o.no_replay. Throws
// InputError for bad options, launches and assumptions before any solving.
// With `stats`, records where the time went into it.
ModuleBranches analyse_module_branches(const ptx::Module& m, const BranchesOptions& o, TimeStats* stats = nullptr);

}  // namespace warpsat::cli
