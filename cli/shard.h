// `--shard I/N` (branches, profile, tile --workload): one of N processes,
// each answering a deterministic part of the items (kernels, files or
// shapes), balanced by an estimate of each item's cost; `warpsat merge`
// (shard_merge.h) puts the parts back together as one unsplit run prints
// them. docs/distributed.md shows the Slurm job array and the CI matrix.
//
// Each part carries a mark: which shard it is, which items it holds, and a
// fingerprint of the version, the command, its options and its input files,
// so that merge refuses parts of different runs.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "frontend/ptx/ir.h"

namespace warpsat::cli {

struct ShardSpec {
  size_t index = 0;  // 1-based; 0: no --shard
  size_t count = 0;
  bool given() const { return count != 0; }
};

// "I/N" with 1 <= I <= N; throws a command-line error naming --shard.
ShardSpec parse_shard(const std::string& text);

// Registers --shard on a subcommand.
void add_shard_option(CLI::App* sub, std::string& text);

// The items of shard `s` (indices into `estimates`, ascending): the items,
// largest estimate first (ties: lower index first), each go to the shard
// with the least estimate so far (ties: the lower shard), so every shard
// gets about as much work, the same way in every process. Without --shard,
// every item.
std::vector<size_t> shard_items(const std::vector<uint64_t>& estimates, const ShardSpec& s);

// Estimates of what each kernel's branch analysis costs: its instructions
// (slices, encodings), 32 per conditional branch (its queries and replays)
// and 256 for the kernel itself (its process, the exploration and the
// launch shapes). Fitted to tests/files/cub's 13 kernels (docs/benchmarks.md:
// the product of instructions and branches put the ten smaller kernels in
// one shard that took 1.7x the largest kernel's time).
std::vector<uint64_t> branch_cost_estimates(const std::vector<const ptx::Function*>& kernels);

// What a shard's output says of itself.
struct ShardMark {
  std::string command;  // "branches", "profile", "tile"
  std::string format;   // "json", "sarif", "csv", "hypa-csv"
  ShardSpec shard;
  size_t total = 0;                 // items of the unsplit run
  std::vector<size_t> items;        // the items this shard answered, ascending
  std::vector<std::string> names;   // their names (kernels, files, shapes), as the output says them
  std::string version;                        // warpsat's
  std::map<std::string, std::string> options;  // the options that change the output, and their values
  std::map<std::string, std::string> inputs;   // each input file, and a digest of its contents
  int status = 0;                   // the shard's exit status
};

nlohmann::json mark_json(const ShardMark& m);
// Throws std::runtime_error naming what is missing or wrong.
ShardMark mark_from_json(const nlohmann::json& j);

// The prefix of a CSV line that carries the mark (the line is the prefix and
// the mark's JSON on one line).
inline constexpr const char* kCsvMarkPrefix = "# warpsat shard: ";

// The options of `sub` that change what it prints (all but --shard, -j,
// --deadline, --stats, --in-process, --cache, --trust-cache and help), with
// their values (defaults where not given).
std::map<std::string, std::string> options_fingerprint(const CLI::App& sub);
// The files a run reads, each with a digest of its contents: `files`, and
// every option value of `sub` that names a regular file.
std::map<std::string, std::string> inputs_fingerprint(const CLI::App& sub, const std::vector<std::string>& files);

// The mark of this run's shard, fingerprints included.
ShardMark make_mark(const CLI::App& sub, const std::string& command, const std::string& format, const ShardSpec& s,
                    size_t total, const std::vector<size_t>& items, const std::vector<std::string>& names,
                    const std::vector<std::string>& input_files, int status);

}  // namespace warpsat::cli
