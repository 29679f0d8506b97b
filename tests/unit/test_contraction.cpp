// ptxas's contraction of mul.f32 into add.f32/sub.f32 (emulator/simt/
// contraction.cpp), against what an NVIDIA H200 computed for the same
// launches (docs/gpu-replay.md, 2026-11-27): the constants are FNV-1a
// hashes of the GPU's output bytes. Without the contraction the emulator
// differed from the GPU in 920-1,045 of 4,096 results of each fused
// pattern and in 31 of axpy's 128.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "emulator/simt/emulator.h"
#include "emulator/simt/launch.h"
#include "tests/unit/emulator_test_support.h"
#include "frontend/launch_file.h"
#include "frontend/ptx/parser.h"

using namespace warpsat;
using namespace warpsat::simt;

namespace {

using test::fnv1a;
using test::repo;

std::vector<uint8_t> output(const std::string& ptx, const std::string& launch, size_t arg) {
  ptx::Module m = ptx::read_module(repo(ptx));
  RunResult r = run_kernel(m, launch_from_file(m, read_launch_file(repo(launch))));
  return r.buffers.at(arg);
}

float f32_at(const std::vector<uint8_t>& b, size_t i) {
  float f;
  std::memcpy(&f, b.data() + 4 * i, 4);
  return f;
}

}  // namespace

TEST_CASE("contraction: ten mul/add patterns give the H200's results bit for bit") {
  std::vector<uint8_t> out = output("tests/files/contraction/contract.ptx", "tests/files/contraction/contract.toml", 3);
  CHECK(fnv1a(out) == 0x64a4731f3183e51bull);
}

TEST_CASE("contraction: axpy's mul.f32 + add.f32 is one fma, as the H200 ran it") {
  std::vector<uint8_t> out = output("tests/files/compare-profile/axpy.ptx", "tests/files/compare-profile/axpy.toml", 2);
  CHECK(fnv1a(out) == 0x90c608793323e3bbull);
}

TEST_CASE("contraction: not where the product has another reader, another block, or .rn") {
  // Patterns 3/4 (product also stored), 7 (mul.rn), 8 (add.rn) and 9 (add
  // in another block) round the product: out = round(round(x*y) + z).
  std::vector<uint8_t> out = output("tests/files/contraction/contract.ptx", "tests/files/contraction/contract.toml", 3);
  ptx::Module m = ptx::read_module(repo("tests/files/contraction/contract.ptx"));
  LaunchFile lf = read_launch_file(repo("tests/files/contraction/contract.toml"));
  Launch l = launch_from_file(m, lf);
  auto in = [&](size_t arg, size_t i) {
    float f;
    std::memcpy(&f, l.args[arg].bytes.data() + 4 * i, 4);
    return f;
  };
  for (size_t i = 0; i < 64; ++i) {
    const float x = in(0, i), y = in(1, i), z = in(2, i);
    volatile float xy = x * y, xz = x * z, xx = x * x;  // rounded products (volatile: no host contraction)
    CHECK(f32_at(out, i * 10 + 3) == static_cast<float>(xz + y));
    CHECK(f32_at(out, i * 10 + 4) == xz);
    CHECK(f32_at(out, i * 10 + 7) == static_cast<float>(xy + z));
    CHECK(f32_at(out, i * 10 + 8) == static_cast<float>(xy + z));
    CHECK(f32_at(out, i * 10 + 9) == static_cast<float>(xx + z));
  }
}
