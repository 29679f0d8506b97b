// The sm_90a GEMM of tests/files/wgmma/wgmma_gemm.cu (nvcc's PTX, committed
// by compile.sh) on the emulator: wgmma.mma_async chained over k-tiles with
// one group in flight while the next tile is staged, A from shared memory
// (SS) or from registers through ldmatrix (RS), and an epilogue through
// stmatrix and stmatrix.trans. C must equal the host's C = A B^T bit for
// bit (small integer inputs: every sum is exact in f32 and in f16), on whole
// tiles, several CTAs and partial tiles. The seeded bug (no wait_group 0
// before the epilogue) is reported at the epilogue's first read.
#include <doctest/doctest.h>

#include <cstring>
#include <random>
#include <string>
#include <tuple>

#include "emulator/simt/emulator.h"
#include "frontend/ptx/parser.h"
#include "frontend/read_file.h"

using namespace warpsat;
using namespace warpsat::simt;

namespace {

constexpr const char* kKernel = "_ZN10wgmma_gemm4gemmEPK6__halfS2_PfPS0_S4_iii";

ptx::Module load(const char* name) {
  std::string path = std::string(WARPSAT_SOURCE_DIR) + "/tests/files/wgmma/" + name;
  return ptx::parse_module(read_file(path, 1u << 22), path);
}

uint16_t half_of_int(int v) {  // |v| < 2048
  if (v == 0) return 0;
  const uint16_t sign = v < 0 ? 0x8000 : 0;
  unsigned a = static_cast<unsigned>(v < 0 ? -v : v), e = 0;
  while ((a >> e) > 1) ++e;
  return static_cast<uint16_t>(sign | ((e + 15) << 10) | (((a << 10) >> e) & 0x3ff));
}

template <typename T>
KernelArgument buffer(const std::vector<T>& v, const char* name) {
  std::vector<uint8_t> b(v.size() * sizeof(T));
  std::memcpy(b.data(), v.data(), b.size());
  return KernelArgument::buffer(std::move(b), name);
}
KernelArgument s32(int v, const char* name) {
  std::vector<uint8_t> b(4);
  std::memcpy(b.data(), &v, 4);
  return KernelArgument::scalar(std::move(b), name);
}

Launch launch(int M, int N, int K, const std::vector<uint16_t>& a, const std::vector<uint16_t>& b) {
  Launch l;
  l.kernel = kKernel;
  l.grid[0] = static_cast<uint32_t>((N + 127) / 128);
  l.grid[1] = static_cast<uint32_t>((M + 63) / 64);
  l.block[0] = 128;
  l.dynamic_shared_bytes = 2 * (8192 + 16384) + 1024;
  l.args = {buffer(a, "A"),
            buffer(b, "B"),
            buffer(std::vector<float>(size_t(M) * N, -1.0f), "C32"),
            buffer(std::vector<uint16_t>(size_t(M) * N, 0xffff), "C16"),
            buffer(std::vector<uint16_t>(size_t(M) * N, 0xffff), "C16T"),
            s32(M, "M"),
            s32(N, "N"),
            s32(K, "K")};
  return l;
}

}  // namespace

TEST_CASE("the sm_90a wgmma GEMM on the emulator equals the host's C = A B^T, bit for bit (SS and RS)") {
  for (const char* file : {"wgmma_gemm.sm_90a.ptx", "wgmma_gemm_rs.sm_90a.ptx"}) {
    ptx::Module m = load(file);
    std::mt19937 rng(48);
    // One tile (K = 2 tiles through both buffers), several CTAs with the
    // buffers reused, partial tiles in M, N and K.
    for (auto [M, N, K] : {std::tuple{64, 128, 128}, {128, 256, 192}, {50, 70, 104}}) {
      std::vector<uint16_t> a(size_t(M) * K), b(size_t(N) * K);
      std::vector<int> ai(a.size()), bi(b.size());
      for (size_t i = 0; i < a.size(); ++i) a[i] = half_of_int(ai[i] = static_cast<int>(rng() % 7) - 3);
      for (size_t i = 0; i < b.size(); ++i) b[i] = half_of_int(bi[i] = static_cast<int>(rng() % 7) - 3);
      RunResult r = run_kernel(m, launch(M, N, K, a, b));
      std::vector<float> c32(size_t(M) * N);
      std::vector<uint16_t> c16(c32.size()), c16t(c32.size());
      std::memcpy(c32.data(), r.buffers[2].data(), c32.size() * 4);
      std::memcpy(c16.data(), r.buffers[3].data(), c16.size() * 2);
      std::memcpy(c16t.data(), r.buffers[4].data(), c16t.size() * 2);
      int wrong32 = 0, wrong16 = 0, wrong16t = 0;
      for (int i = 0; i < M; ++i)
        for (int j = 0; j < N; ++j) {
          int sum = 0;
          for (int k = 0; k < K; ++k) sum += ai[size_t(i) * K + k] * bi[size_t(j) * K + k];
          wrong32 += c32[size_t(i) * N + j] != static_cast<float>(sum);
          wrong16 += c16[size_t(i) * N + j] != half_of_int(sum);
          wrong16t += c16t[size_t(j) * M + i] != half_of_int(sum);
        }
      CAPTURE(file);
      CAPTURE(M);
      CAPTURE(N);
      CAPTURE(K);
      CHECK(wrong32 == 0);
      CHECK(wrong16 == 0);
      CHECK(wrong16t == 0);
      // Four m64n128k16 per k-tile, per CTA.
      const uint64_t ctas = uint64_t((M + 63) / 64) * ((N + 127) / 128), tiles = uint64_t((K + 63) / 64);
      CHECK(r.metrics.wgmma_instructions == ctas * tiles * 4);
      CHECK(r.metrics.wgmma_flops == ctas * tiles * 4 * 2 * 64 * 128 * 16);
    }
  }
}

TEST_CASE("the sm_90a wgmma GEMM without its last wait_group: the epilogue's read is a hazard at its line") {
  ptx::Module m = load("wgmma_gemm_nowait.sm_90a.ptx");
  std::vector<uint16_t> a(64 * 128, half_of_int(1)), b(128 * 128, half_of_int(2));
  try {
    run_kernel(m, launch(64, 128, 128, a, b));
    FAIL("no hazard reported");
  } catch (const EmulationError& e) {
    INFO(e.message());
    CHECK(e.message().find("wgmma hazard: %f") != std::string::npos);
    CHECK(e.message().find("is read here (source tests/files/wgmma/wgmma_gemm.cu:") != std::string::npos);
    CHECK(e.message().find("of the wgmma.mma_async at PTX line") != std::string::npos);
    CHECK(e.source_line().find("st.global.f32") != std::string::npos);  // the f32 epilogue's first store
  }
}
