// Proof time versus launch size (docs/benchmarks.md): warpsat proves the
// branch of bench/kernels/warp_aligned_branch.ptx uniform for concrete 1-D
// launches of 2^10 .. 2^30 threads (block 1024), and the emulator runs the
// same launches exhaustively, counting the warps that split there.
//   bench_branch_launch_size [--max-log2 30] [--max-emulate-log2 28]
// Exhaustive emulation above --max-emulate-log2 is not run, and its time is
// printed as "-": the output buffer alone would be 4 GiB at 2^30.
#include <chrono>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "emulator/simt/emulator.h"
#include "frontend/ptx/parser.h"
#include "solver/branch_analysis.h"

using namespace warpsat;

namespace {
double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}
}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"branch proof time versus launch size, against exhaustive emulation"};
  std::string file = std::string(WARPSAT_SOURCE_DIR) + "/bench/kernels/warp_aligned_branch.ptx";
  unsigned min_log2 = 10, max_log2 = 30, max_emulate_log2 = 28;
  app.add_option("--ptx", file);
  app.add_option("--min-log2", min_log2);
  app.add_option("--max-log2", max_log2);
  app.add_option("--max-emulate-log2", max_emulate_log2);
  CLI11_PARSE(app, argc, argv);

  ptx::Module m = ptx::read_module(file);
  const ptx::Function& k = m.functions.at(0);
  fmt::print("| threads | grid x block | verdict | proof (ms) | with ranges and paths (ms) | intervals | "
             "exhaustive emulation (s) | warps split in emulation |\n");
  fmt::print("| ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |\n");
  for (unsigned e = min_log2; e <= max_log2; e += 2) {
    uint64_t threads = uint64_t{1} << e;
    uint32_t block = 1024, grid = static_cast<uint32_t>(threads / block);
    BranchOptions o;
    o.launch.concrete_block = o.launch.concrete_grid = true;
    o.launch.block[0] = block;
    o.launch.grid[0] = grid;
    // The verdict alone, then with the thread-id ranges (interval queries
    // over the global thread index) and the feasible paths.
    o.max_ranges = o.max_paths = 0;
    auto t0 = std::chrono::steady_clock::now();
    KernelBranches r = analyse_branches(m, k, o);
    double proof_ms = seconds_since(t0) * 1e3;
    std::string verdict = r.branches.empty() ? "none" : to_string(r.branches[0].verdict);
    o.max_ranges = 64;
    o.max_paths = 32;
    t0 = std::chrono::steady_clock::now();
    KernelBranches with_ranges = analyse_branches(m, k, o);
    double ranges_ms = seconds_since(t0) * 1e3;
    size_t intervals = with_ranges.branches.empty() || !with_ranges.branches[0].ranges
                           ? 0
                           : with_ranges.branches[0].ranges->ranges.size();

    std::string emulated = "-", split = "-";
    if (e <= max_emulate_log2) {
      simt::Launch l;
      l.grid[0] = grid;
      l.block[0] = block;
      simt::KernelArgument out = simt::KernelArgument::buffer({}, "out");
      out.zero_bytes = threads * 4;
      l.args = {out};
      simt::EmulatorOptions eo;
      eo.max_steps = uint64_t{1} << 40;
      eo.return_buffers = false;
      uint64_t splits = 0;
      eo.on_branch = [&](const simt::Cta&, const simt::Warp&, uint32_t, uint32_t, uint32_t active, uint32_t taken) {
        if (taken != 0 && taken != active) ++splits;
        return false;
      };
      auto t1 = std::chrono::steady_clock::now();
      simt::run_kernel(m, l, eo);
      emulated = fmt::format("{:.2f}", seconds_since(t1));
      split = std::to_string(splits);
    }
    fmt::print("| 2^{} | {} x {} | {} | {:.1f} | {:.1f} | {} | {} | {} |\n", e, grid, block, verdict, proof_ms, ranges_ms,
               intervals, emulated, split);
    std::fflush(stdout);
  }
  return 0;
}
