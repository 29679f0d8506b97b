// Issue 28, item 4: random assumptions on the committed example kernels'
// parameters and launch dimensions (fixed seed), every verdict of
// `branches` under them against emulation of small launches that meet them
// (tests/property/assumption_property.h). The suite's size; bench/'s
// bench_assumption_property runs more (docs/benchmarks.md).
#include <doctest/doctest.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "tests/property/assumption_property.h"

using namespace warpsat::property;

TEST_CASE("assumption property: every verdict under random assumptions agrees with emulation of launches meeting them") {
  std::vector<std::string> kernels = property_kernels(committed_ptx_files(WARPSAT_SOURCE_DIR));
  REQUIRE(kernels.size() >= 5);
  PropertyOptions o;
  o.seed = 28;
  o.cases = 10;
  PropertyFigures f = run_assumption_property(kernels, o);
  // One INFO outside the loop: one inside it ends with its iteration, and
  // a failure showed no disagreement.
  INFO(fmt::format("{}", fmt::join(f.disagreement_texts, "\n")));
  INFO(fmt::format("{} cases ({} infeasible), {} verdicts: {} uniform, {} divergent, {} unreachable, {} unknown; "
                   "{} launches ({} faulted), witnesses {} emulated + {} replayed; {:.1f} s",
                   f.cases, f.infeasible, f.verdicts, f.uniform, f.divergent, f.unreachable, f.unknown, f.launches,
                   f.faulted, f.witnesses_emulated, f.witnesses_replayed, f.seconds));
  CHECK(f.disagreements == 0);
  // The comparison had something to compare, both ways.
  CHECK(f.cases >= 4);
  CHECK(f.uniform > 0);
  CHECK(f.divergent > 0);
  CHECK(f.launches > 20);
  CHECK(f.witnesses_emulated > 0);
}

// The fifteenth session's trial kernel, one warp per segment: random
// witnesses give huge segments, whose loads fault (or reach the step limit)
// after some warps of the witness's CTA reached the branch but before the
// witness's own warp did. Such a witness needs the replay's memory; the
// property test once called it a disagreement.
TEST_CASE("assumption property: a witness launch that stops before the witness's warp reaches the branch") {
  std::string ptx = std::string(WARPSAT_SOURCE_DIR) + "/tests/files/branches/assume/seg_warp_sum.sm_80.ptx";
  std::vector<std::string> kernels = property_kernels({ptx});
  REQUIRE(kernels.size() == 1);
  PropertyOptions o;
  o.seed = 52;  // bench_assumption_property --seed 52 --cases 10 over this kernel alone
  o.cases = 10;
  o.shapes_per_case = 0;
  PropertyFigures f = run_assumption_property(kernels, o);
  INFO(fmt::format("{}", fmt::join(f.disagreement_texts, "\n")));
  CHECK(f.disagreements == 0);
  CHECK(f.witnesses_replayed > 0);
  CHECK(f.witnesses_emulated > 0);
}
