// Emulator throughput in warp-instructions per second (full mode, one core):
//   bench_emulator [--ptx FILE] [--blocks B] [--threads T] [--iterations N] [--racecheck]
// runs bench/kernels/arith_loop.ptx (arithmetic loop, no divergence), then
// prints warp instructions, seconds and the rate.
//   bench_emulator --ptx FILE --launch L.toml
// runs any kernel as a launch file describes it (the blocks, threads and
// iterations options do not apply), and for a kernel with wgmma also its
// warp-group MMAs and their multiply-adds, and the rate with each wgmma
// counted as the mma.sync.m16n8k16 instructions of its multiply-adds.
#include <chrono>
#include <ctime>
#include <cstring>
#include <random>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "emulator/simt/emulator.h"
#include "emulator/simt/launch.h"
#include "emulator/simt/wgmma.h"
#include "frontend/launch_file.h"
#include "frontend/ptx/parser.h"

using namespace warpsat;

namespace {
// This process's CPU time in seconds: on a machine shared with other
// builds, wall time measures the others as much as us.
double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}
}  // namespace

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
  std::string launch_path;
  app.add_option("--launch", launch_path, "a launch file for --ptx (instead of the loop kernels' parameters)");
  unsigned mma = 0;
  app.add_option("--mma", mma, "time this many warp-group MMAs (m64n128k16 f16 -> f32) alone");
  CLI11_PARSE(app, argc, argv);

  if (mma) {
    simt::WgmmaShape s;
    s.n = 128, s.k = 16, s.a = s.b = ptx::ScalarType::F16, s.d = ptx::ScalarType::F32;
    std::mt19937 rng(1);
    std::uniform_real_distribution<float> value(-1.f, 1.f);
    auto half = [&] {  // a random f16 in [-1, 1): sign, exponent, 10 fraction bits
      float f = value(rng);
      uint32_t b;
      std::memcpy(&b, &f, 4);
      int e = static_cast<int>((b >> 23) & 0xff) - 127;
      if (e < -14) return uint32_t{0};
      return ((b >> 16) & 0x8000) | static_cast<uint32_t>(e + 15) << 10 | ((b >> 13) & 0x3ff);
    };
    std::vector<uint32_t> a(64 * 16), b(128 * 16), c(64 * 128, 0), d(64 * 128);
    for (auto& v : a) v = half();
    for (auto& v : b) v = half();
    simt::WgmmaMultiplier mul;
    double best = 1e30, best_cpu = 1e30;
    for (int r = 0; r < repeat; ++r) {
      auto start = std::chrono::steady_clock::now();
      const double cpu = cpu_seconds();
      for (unsigned i = 0; i < mma; ++i) {
        mul.multiply(s, a.data(), b.data(), i ? c.data() : nullptr, d.data());
        c.swap(d);
      }
      best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      best_cpu = std::min(best_cpu, cpu_seconds() - cpu);
    }
    const double macs = double(mma) * 64 * 128 * 16;
    fmt::print("{} chained m64n128k16 f16 x f16 -> f32 in {:.3f} s wall, {:.3f} s CPU (best of {}): per CPU second "
               "{:.0f} MMAs, {:.2f} G multiply-adds; {:.1f} ns per element of D\n",
               mma, best, best_cpu, repeat, mma / best_cpu, macs / best_cpu / 1e9,
               best_cpu / (double(mma) * 64 * 128) * 1e9);
    return 0;
  }

  ptx::Module m = ptx::read_module(file);
  simt::Launch l;
  if (!launch_path.empty()) {
    l = simt::launch_from_file(m, read_launch_file(launch_path));
  } else {
    l.grid[0] = blocks;
    l.block[0] = threads;
    simt::KernelArgument out = simt::KernelArgument::buffer({}, "out");
    out.zero_bytes = uint64_t{blocks} * threads * 4;
    simt::KernelArgument n = simt::KernelArgument::scalar(std::vector<uint8_t>(4), "n");
    std::memcpy(n.bytes.data(), &iterations, 4);
    l.args = {out, n};
  }
  simt::EmulatorOptions o;
  o.max_steps = uint64_t{1} << 40;
  o.racecheck = racecheck;
  double best = 1e30, best_cpu = 1e30;
  uint64_t warp_instructions = 0, wgmma = 0, wgmma_flops = 0;
  for (int r = 0; r < repeat; ++r) {
    auto start = std::chrono::steady_clock::now();
    const double cpu = cpu_seconds();
    simt::RunResult res = simt::run_kernel(m, l, o);
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    best = std::min(best, s);
    best_cpu = std::min(best_cpu, cpu_seconds() - cpu);
    warp_instructions = res.metrics.warp_instructions;
    wgmma = res.metrics.wgmma_instructions;
    wgmma_flops = res.metrics.wgmma_flops;
  }
  if (launch_path.empty())
    fmt::print("{}: {} blocks x {} threads, {} iterations{}\n", file, blocks, threads, iterations,
               racecheck ? ", racecheck" : "");
  else
    fmt::print("{}: {}, grid {}x{}x{}, block {}x{}x{}{}\n", file, launch_path, l.grid[0], l.grid[1], l.grid[2],
               l.block[0], l.block[1], l.block[2], racecheck ? ", racecheck" : "");
  fmt::print("  {} warp instructions in {:.3f} s (best of {}): {:.1f} million warp instructions/s\n",
             warp_instructions, best, repeat, static_cast<double>(warp_instructions) / best / 1e6);
  fmt::print("  CPU time {:.3f} s (best of {}): {:.1f} million warp instructions per CPU second\n", best_cpu, repeat,
             static_cast<double>(warp_instructions) / best_cpu / 1e6);
  if (wgmma) {  // each warp-group MMA is 4 of the warp instructions above
    fmt::print("  {} wgmma.mma_async (per warp group; {} of the warp instructions), {} multiply-adds\n", wgmma,
               4 * wgmma, wgmma_flops / 2);
    // Another count, not inst_executed's: each wgmma as the mma.sync.m16n8k16
    // warp instructions that do its multiply-adds (2,048 each), the rest as
    // counted above.
    const double equivalent = static_cast<double>(warp_instructions - 4 * wgmma) + static_cast<double>(wgmma_flops / 2) / 2048;
    fmt::print("  counting each wgmma as multiply-adds / 2048 mma.sync.m16n8k16: {:.0f} warp instructions, {:.1f} million "
               "per CPU second\n",
               equivalent, equivalent / best_cpu / 1e6);
  }
  return 0;
}
