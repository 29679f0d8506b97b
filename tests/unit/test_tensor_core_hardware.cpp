// The emulator's warpgroup MMAs against what an NVIDIA H200 (2026-11-27) and
// an H100 (fp8, 2026-11-28) computed for the same launches (bench/gpu/replay,
// docs/gpu-replay.md): inputs
// of random values, whose sums are not exact, so the result depends on how
// the tensor cores align, cut and round (emulator/fp/tensor_core_sum.h).
// Each buffer the kernel writes must be the GPU's bit for bit; the constants
// are FNV-1a hashes of the GPU's bytes. Before the model, the emulator's
// exact-then-round sums differed in 88% (f16 GEMM), 84% (CUTLASS TF32) and
// 0.1% (CUTLASS FP8, after its e4m3 output rounding) of the elements.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "emulator/fp/tensor_core_sum.h"
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

// Runs the launch; returns the final contents of argument buffers (by
// argument index) or named buffers (by name).
struct Outputs {
  RunResult result;
  LaunchFile file;
  const std::vector<uint8_t>& named(const std::string& name) const {
    for (size_t i = 0; i < file.buffers.size(); ++i)
      if (file.buffers[i].name == name) return result.named_buffers[i];
    FAIL("no buffer " << name);
    static const std::vector<uint8_t> none;
    return none;
  }
};

Outputs run(const std::string& ptx, const std::string& launch) {
  ptx::Module m = ptx::read_module(repo(ptx));
  Outputs o;
  o.file = read_launch_file(repo(launch));
  o.result = run_kernel(m, launch_from_file(m, o.file));
  return o;
}

}  // namespace

TEST_CASE("tensor cores: an f16 wgmma GEMM with random inputs equals the H200's, bit for bit") {
  Outputs o = run("tests/files/wgmma/wgmma_gemm.sm_90a.ptx", "bench/kernels/wgmma_gemm_256x256x128.toml");
  CHECK(fnv1a(o.result.buffers[2]) == 0xb9ca9734637e19e5ull);  // C, f32 from the accumulators
  CHECK(fnv1a(o.result.buffers[3]) == 0x305910fcad536214ull);  // C, f16 through stmatrix
  CHECK(fnv1a(o.result.buffers[4]) == 0xe989608f5decc4acull);  // C^T, f16 through stmatrix.trans
}

TEST_CASE("tensor cores: CUTLASS's TF32, FP16 and FP8 kernels with random inputs equal the H200's") {
  SUBCASE("example 48, TF32 cooperative") {
    Outputs o = run("examples/cutlass/ptx/48_hopper_warp_specialized_gemm.ptx",
                    "tests/files/tensor-cores/cutlass48_tf32_random_208x136x80.toml");
    CHECK(fnv1a(o.named("D")) == 0x45ff67acddc3fc8bull);
  }
  SUBCASE("FP16 ping-pong") {
    Outputs o = run("examples/cutlass/ptx/fp16_pingpong_c1x1.ptx",
                    "tests/files/tensor-cores/cutlass_fp16_pingpong_random_208x136x80.toml");
    CHECK(fnv1a(o.named("D")) == 0xaa901644c11541f6ull);
  }
  SUBCASE("example 54, FP8 e4m3 with Aux and amax") {
    Outputs o = run("examples/cutlass/ptx/54_hopper_fp8_warp_specialized_gemm.ptx",
                    "tests/files/tensor-cores/cutlass54_fp8_random_208x136x80.toml");
    CHECK(fnv1a(o.named("D")) == 0xa10f2afd15427f0cull);
    CHECK(fnv1a(o.named("Aux")) == 0x622bd6b9c4f18ffeull);
    CHECK(fnv1a(o.named("amax_D")) == 0x5350702eff198b59ull);
    CHECK(fnv1a(o.named("amax_aux")) == 0x5350702eff198b59ull);
  }
}

TEST_CASE("tensor cores: mma.sync (f16, bf16, tf32) and a bf16 wgmma with random inputs equal the H200's") {
  // One mma.sync per warp on random fragments: the first block of the
  // launch the GPU ran (tests/files/tensor-cores/probes). The same model as
  // wgmma, the whole k in one step.
  const struct {
    const char* kind;
    uint64_t gpu;
  } probes[] = {{"f16", 0xa0b25006e148cc01ull}, {"bf16", 0xa074b73176f3a317ull}, {"tf32", 0x11e82e5bd88bab96ull}};
  for (const auto& p : probes) {
    CAPTURE(p.kind);
    const std::string base = std::string("tests/files/tensor-cores/probes/mma_") + p.kind;
    Outputs o = run(base + ".ptx", base + ".toml");
    CHECK(fnv1a(o.result.buffers[3]) == p.gpu);
  }
  // bf16 wgmma takes f16's 25 bits: measured, not assumed.
  Outputs o = run("tests/files/tensor-cores/probes/wgmma_gemm_bf16.sm_90a.ptx",
                  "tests/files/tensor-cores/probes/wgmma_bf16.toml");
  CHECK(fnv1a(o.result.buffers[2]) == 0x995226b58c4f3db7ull);
}

TEST_CASE("tensor cores: fp8 mma.sync and wgmma with random inputs equal the H100's") {
  // bench/gpu/fp8_probes.py's launches (random finite e4m3 and e5m2 codes;
  // mma.sync with random f32 C of exponents -20 to 17 or 31), cut to one
  // block. Before the two rules below, the emulator differed from the GPU in
  // 292 and 256 of the 512 mma.sync outputs, and in 1,279 and 827 of the
  // 8,192 wgmma accumulators.
  const struct {
    const char* kind;
    uint64_t mma, wgmma;
  } probes[] = {{"e4m3", 0x59b8d93810bf6a5full, 0x055499c6f3a21d68ull},
                {"e5m2", 0xa8177595aca48d4eull, 0x9723975cde6a4c12ull}};
  for (const auto& p : probes) {
    CAPTURE(p.kind);
    const std::string dir = "tests/files/tensor-cores/probes/";
    // ptxas's sm_90 lowering: two f16 HMMAs (k % 4 < 2, then the rest onto
    // it) and an FADD of C.
    Outputs mma = run(dir + "mma_" + p.kind + ".ptx", dir + "mma_" + p.kind + ".toml");
    CHECK(fnv1a(mma.result.buffers[3]) == p.mma);
    // 13 bits kept under the largest exponent, and the sum held to 13
    // fraction bits: a carry above the largest exponent drops the last.
    Outputs wgmma = run(dir + "wgmma_gemm_" + p.kind + ".sm_90a.ptx", dir + "wgmma_" + p.kind + ".toml");
    CHECK(fnv1a(wgmma.result.buffers[2]) == p.wgmma);
  }
}

TEST_CASE("tensor cores: the Hopper sum cuts small addends and truncates the sum") {
  using namespace warpsat::fp;
  const TensorOperand one = decode_operand(kF16, 0x3c00);       // 1
  const TensorOperand e12 = decode_operand(kF16, 0x0c00);       // 2^-12
  const TensorOperand e12_15 = decode_operand(kF16, 0x0e00);    // 1.5 * 2^-12
  const TensorOperand e13 = decode_operand(kF16, 0x0800);       // 2^-13
  // 1 + 1.5 * 2^-24: rounded to nearest it is 1 + 2^-23; truncated, 1.
  TensorOperand a[2] = {one, e12}, b[2] = {one, e12_15};
  std::optional<uint32_t> r = hopper_dot_f32(a, 10, b, 10, 2, nullptr, 25);
  REQUIRE(r);
  CHECK(*r == 0x3f800000u);
  // 1 + 8 * 2^-26 is 1 + 2^-23 exactly, but each 2^-26 lies below the 25
  // bits kept under the largest exponent and is cut away first: 1.
  TensorOperand a8[9] = {one, e13, e13, e13, e13, e13, e13, e13, e13};
  TensorOperand b8[9] = {one, e13, e13, e13, e13, e13, e13, e13, e13};
  r = hopper_dot_f32(a8, 10, b8, 10, 9, nullptr, 25);
  REQUIRE(r);
  CHECK(*r == 0x3f800000u);
  // Negative sums are cut toward zero: -(1 + 1.5 * 2^-24) gives -1.
  const TensorOperand minus_one = decode_operand(kF16, 0xbc00);
  TensorOperand an[2] = {minus_one, decode_operand(kF16, 0x8c00)};  // -1, -2^-12
  r = hopper_dot_f32(an, 10, b, 10, 2, nullptr, 25);
  REQUIRE(r);
  CHECK(*r == 0xbf800000u);
  // The accumulator takes part in the alignment: 2^30 + 1 * 1 keeps the 1
  // (2^30 = 2^(30 - 25) * 2^25) ...
  const uint32_t big = 0x4e800000u;  // 2^30
  TensorOperand a1[1] = {one}, b1[1] = {one};
  r = hopper_dot_f32(a1, 10, b1, 10, 1, &big, 25);
  REQUIRE(r);
  CHECK(*r == 0x4e800000u);  // ... but f32 has 24 bits: 2^30 + 1 truncates to 2^30
  // fp8 keeps 13 bits, and so does the sum: 16383 + 2 * 2 carries into
  // 2^14, where 13 fraction bits step by 2, so 16387 truncates to 16386.
  const TensorOperand two = decode_operand(kE4M3, 0x40);  // 2
  const uint32_t acc = 0x467ffc00u;                        // 16383
  r = hopper_dot_f32(&two, 3, &two, 3, 1, &acc, hopper_kept_bits(kE4M3));
  REQUIRE(r);
  CHECK(*r == 0x46800400u);  // 16386
  // An infinity among the operands leaves the sum to the exact path's IEEE rules.
  TensorOperand inf[1] = {decode_operand(kF16, 0x7c00)};
  CHECK_FALSE(hopper_dot_f32(inf, 10, b1, 10, 1, nullptr, 25).has_value());
}
