// Issue 28, item 4: a property test of `branches` under assumptions. For
// committed example kernels with scalar parameters, random assumptions
// (equalities, ranges, divisibility, on parameters and on ntid/nctaid)
// are drawn with a fixed seed; `branches` (the library: check_kernel_branches,
// replay included) answers each kernel under them, and every verdict is
// compared with emulation of small launches that meet the assumptions,
// run here independently of the replay:
//   uniform      no warp splits at the branch in any emulated launch;
//   unreachable  no warp reaches it;
//   divergent    the witness's launch meets every assumption (evaluated
//                here on its block, grid and parameters) and, emulated with
//                zero-filled memory, splits at the branch; a witness whose
//                split needs the memory values its model chose (loads, or a
//                split seen in a random-data run) must have been validated
//                by the replay, which places them; so must one whose
//                launch here faults before it reaches the branch (loads
//                past the zero-filled buffers, which the replay sizes);
//   unknown      allowed, counted.
// Anything else is a disagreement. The unit test runs a small size
// (tests/unit/test_assumption_property.cpp), bench_assumption_property a
// large one (docs/benchmarks.md, "assumption_property").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace warpsat::property {

struct PropertyOptions {
  uint64_t seed = 28;
  size_t cases = 16;
  // Block shapes emulated per case among those (up to 128 threads) that meet
  // the assumptions: 0 is every one of them.
  size_t shapes_per_case = 12;
  size_t params_per_shape = 2;  // parameter choices per shape and grid
  unsigned timeout_ms = 60000;  // per query: verdicts are under test, not speed
  bool verbose = false;         // a line per case on stderr
};

struct PropertyFigures {
  size_t kernels = 0;            // kernels the cases draw from
  size_t cases = 0;              // cases answered (kernel + assumptions)
  size_t infeasible = 0;         // cases whose assumptions no launch meets (both sides agree)
  size_t verdicts = 0, uniform = 0, divergent = 0, unreachable = 0, unknown = 0;
  size_t launches = 0;           // launches emulated that meet the assumptions
  size_t faulted = 0;            // of those, launches that ended in a fault (compared up to it)
  size_t witnesses_emulated = 0; // divergent witnesses whose split the emulation here reproduced
  size_t witnesses_replayed = 0; // divergent witnesses that needed the replay's memory values
  size_t disagreements = 0;
  std::vector<std::string> disagreement_texts;
  double seconds = 0;
};

// The kernels the cases draw from: the .entry kernels of `ptx_files` with a
// scalar (non-pointer) parameter, 1 to `max_branches` conditional branches
// and no brx, as "file:kernel".
std::vector<std::string> property_kernels(const std::vector<std::string>& ptx_files, size_t max_branches = 12);

// The committed example kernels: examples/kernels/ptx/*.sm_80.ptx (nvcc's)
// and tests/files/branches/**/*.ptx under `source_dir`.
std::vector<std::string> committed_ptx_files(const std::string& source_dir);

PropertyFigures run_assumption_property(const std::vector<std::string>& kernels, const PropertyOptions& o);

}  // namespace warpsat::property
