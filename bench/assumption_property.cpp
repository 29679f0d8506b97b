// Issue 28, item 4, at bench size (docs/benchmarks.md, "assumption_property"):
// random assumptions on the committed example kernels, every verdict of
// `branches` against emulation of launches that meet them
// (tests/property/assumption_property.h). The suite runs 10 cases of seed 28.
//   bench_assumption_property [--seed 28] [--cases 200] [--shapes 0 (every shape up to 128 threads)]
//                             [--params 2] [--verbose]
// Exit 1 on any disagreement, each printed.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "tests/property/assumption_property.h"

using namespace warpsat::property;

int main(int argc, char** argv) {
  CLI::App app{"branches under random assumptions against emulation of launches that meet them"};
  PropertyOptions o;
  o.cases = 200;
  o.shapes_per_case = 0;
  std::string source = WARPSAT_SOURCE_DIR;
  app.add_option("--seed", o.seed);
  app.add_option("--cases", o.cases);
  app.add_option("--shapes", o.shapes_per_case, "block shapes emulated per case (0: every one up to 128 threads)");
  app.add_option("--params", o.params_per_shape, "parameter choices per shape and grid");
  app.add_option("--timeout-ms", o.timeout_ms);
  app.add_option("--source", source, "the repository (its examples/kernels/ptx and tests/files/branches)");
  app.add_flag("--verbose", o.verbose);
  CLI11_PARSE(app, argc, argv);
  std::vector<std::string> kernels = property_kernels(committed_ptx_files(source));
  if (kernels.empty()) {
    fmt::print(stderr, "bench_assumption_property: no kernels under {}/examples/kernels/ptx (*.sm_80.ptx) or "
                       "{}/tests/files/branches (*.ptx)\n", source, source);
    return 2;
  }
  PropertyFigures f = run_assumption_property(kernels, o);
  for (const std::string& d : f.disagreement_texts) fmt::print("DISAGREEMENT: {}\n", d);
  fmt::print("seed {}: {} kernels; {} cases answered, {} infeasible (both sides); {} verdicts: {} uniform, {} divergent, "
             "{} unreachable, {} unknown; {} launches emulated ({} faulted); divergent witnesses: {} split in emulation, "
             "{} by the replay's memory values; {} disagreements; {:.1f} s\n",
             o.seed, f.kernels, f.cases, f.infeasible, f.verdicts, f.uniform, f.divergent, f.unreachable, f.unknown,
             f.launches, f.faulted, f.witnesses_emulated, f.witnesses_replayed, f.disagreements, f.seconds);
  return f.disagreements ? 1 : 0;
}
