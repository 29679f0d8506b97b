// `warpsat advise`: the source lines whose memory accesses cost most beyond
// the ideal, the pattern behind each, a concrete change and its estimated
// gain (seed 003's idea, on the emulator's exact counts). Where the change
// is a padding or a permutation of a shared array's words, the launch runs
// again with the array's addresses remapped one to one
// (simt::SharedRemap), its results must not change (checked), and the
// measured counts stand beside the estimate; an estimate that the re-run
// contradicts by more than `tolerance` is not advice (docs/advise.md).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "emulator/simt/emulator.h"
#include "emulator/simt/line_metrics.h"

namespace warpsat {

struct AdviseOptions {
  simt::EmulatorOptions emulator;  // budgets; memory_metrics and shared_remap are set here
  size_t max_lines = 5;            // the costliest lines reported
  double tolerance = 0.10;         // |measured - estimated| / estimated accepted
  simt::LineAttribution lines = simt::LineAttribution::Innermost;  // which line of an inlined chain
};

struct RemapCheck {
  std::string remap;            // "pad each 128-byte row by 4 bytes", "XOR each word's column with its row"
  uint64_t before = 0, after = 0;  // the line's wavefronts before and after
  bool results_unchanged = false;
  std::string error;            // the re-run failed (an access crossing a moved row): why
  uint64_t measured_gain() const { return before > after ? before - after : 0; }
};

struct Advice {
  std::string pattern;          // what was found
  std::string change;           // what to do
  std::string unit;             // "sectors", "wavefronts", "serialised updates", "warp instructions"
  uint64_t before = 0;          // the line's cost in `unit` now
  uint64_t estimated_gain = 0;
  std::vector<RemapCheck> checks;  // re-runs (shared arrays); the best first
  bool verified = false;        // a re-run measured the estimated gain within the tolerance
  bool contradicted = false;    // re-runs ran and none came within the tolerance: not advice
};

struct AdvisedLine {
  simt::LineMetrics line;
  uint64_t excess = 0;          // its cost beyond the ideal, all classes (the ranking)
  std::vector<Advice> advice;
};

struct AdviseReport {
  std::string kernel;
  uint32_t block[3] = {1, 1, 1}, grid[3] = {1, 1, 1};
  simt::KernelMetrics metrics;
  std::vector<simt::SharedVariable> shared_variables;
  size_t lines_with_accesses = 0;
  std::vector<AdvisedLine> lines;  // costliest first, at most max_lines, each with excess > 0
};

// Throws what run_kernel throws (InputError, EmulationError) for the
// first run; re-runs that fail are reported in their RemapCheck.
AdviseReport advise(const ptx::Module& m, const simt::Launch& launch, const AdviseOptions& options);

}  // namespace warpsat
