// Emulator throughput in warp-instructions per second (full mode, one core):
//   bench_emulator [--ptx FILE] [--blocks B] [--threads T] [--iterations N] [--racecheck]
// runs bench/kernels/arith_loop.ptx (arithmetic loop, no divergence), then
// prints warp instructions, seconds and the rate.
#include <chrono>
#include <cstring>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "emulator/simt/emulator.h"
#include "frontend/ptx/parser.h"

using namespace warpsat;

int main(int argc, char** argv) {
  CLI::App app{"emulator throughput in warp instructions per second"};
  std::string file = std::string(WARPSAT_SOURCE_DIR) + "/bench/kernels/arith_loop.ptx";
  uint32_t blocks = 64, threads = 256, iterations = 1000;
  int repeat = 3;
  app.add_option("--ptx", file);
  app.add_option("--blocks", blocks);
  app.add_option("--threads", threads);
  app.add_option("--iterations", iterations);
  app.add_option("--repeat", repeat);
  bool racecheck = false;
  app.add_flag("--racecheck", racecheck, "with the race detector on (its cost)");
  CLI11_PARSE(app, argc, argv);

  ptx::Module m = ptx::read_module(file);
  simt::Launch l;
  l.grid[0] = blocks;
  l.block[0] = threads;
  simt::KernelArgument out = simt::KernelArgument::buffer({}, "out");
  out.zero_bytes = uint64_t{blocks} * threads * 4;
  simt::KernelArgument n = simt::KernelArgument::scalar(std::vector<uint8_t>(4), "n");
  std::memcpy(n.bytes.data(), &iterations, 4);
  l.args = {out, n};
  simt::EmulatorOptions o;
  o.max_steps = uint64_t{1} << 40;
  o.racecheck = racecheck;
  double best = 1e30;
  uint64_t warp_instructions = 0;
  for (int r = 0; r < repeat; ++r) {
    auto start = std::chrono::steady_clock::now();
    simt::RunResult res = simt::run_kernel(m, l, o);
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    best = std::min(best, s);
    warp_instructions = res.metrics.warp_instructions;
  }
  fmt::print("{}: {} blocks x {} threads, {} iterations{}\n", file, blocks, threads, iterations,
             racecheck ? ", racecheck" : "");
  fmt::print("  {} warp instructions in {:.3f} s (best of {}): {:.1f} million warp instructions/s\n",
             warp_instructions, best, repeat, static_cast<double>(warp_instructions) / best / 1e6);
  return 0;
}
