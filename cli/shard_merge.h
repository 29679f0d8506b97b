// `warpsat merge`: the outputs of `--shard 1/N` ... `--shard N/N` (JSON,
// SARIF or CSV, cli/shard.h) back into what one unsplit run prints, byte for
// byte but for the timings each shard measured itself.
#pragma once

#include <string>
#include <vector>

namespace warpsat::cli {

struct MergedOutput {
  std::string text;  // what the unsplit run prints on stdout
  int status = 0;    // its exit status: the highest of the shards'
};

// Throws InputError (command line) naming the file at fault: one that is no
// shard output, shards of different runs (version, command, options or
// input files), a shard given twice or one missing.
MergedOutput merge_shard_outputs(const std::vector<std::string>& paths);

}  // namespace warpsat::cli
