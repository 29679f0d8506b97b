// `warpsat merge`: the outputs of `--shard 1/N` ... `--shard N/N` as the
// unsplit run prints them (cli/shard_merge.h, docs/distributed.md).
#include <fstream>
#include <iostream>

#include "cli/commands.h"
#include "cli/shard_merge.h"
#include "frontend/diagnostics.h"

namespace warpsat::cli {

namespace {

struct MergeOptions {
  std::vector<std::string> files;
  std::string output;
};

int run_merge(const MergeOptions& o) {
  MergedOutput m = merge_shard_outputs(o.files);
  if (o.output.empty()) {
    std::cout << m.text;
  } else {
    std::ofstream out(o.output, std::ios::binary);
    out << m.text;
    if (!out) throw command_line_error("cannot write " + o.output);
  }
  return m.status;
}

}  // namespace

void add_merge_command(CLI::App& app, std::vector<Command>& commands) {
  auto o = std::make_shared<MergeOptions>();
  CLI::App* sub = app.add_subcommand(
      "merge", "join the outputs of --shard 1/N ... N/N (JSON, SARIF, CSV) into what one unsplit run prints");
  sub->add_option("files", o->files, "every shard's output, in any order")->required();
  sub->add_option("-o,--output", o->output, "write the merged output to FILE instead of stdout");
  commands.push_back({sub, [o] { return run_merge(*o); }});
}

}  // namespace warpsat::cli
