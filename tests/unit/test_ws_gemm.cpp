// The warp-specialized GEMM the tiling model describes (bench/gpu/ws_gemm.cuh,
// compiled by tests/files/ws_gemm/compile.sh): one producer warp, eight
// consumer warps, a circular buffer guarded by cuda::barrier (mbarrier). The
// emulator must compute C = A B bit for bit as the host does with fmaf in
// the kernel's order (k ascending), including partial edge tiles.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "emulator/simt/emulator.h"
#include "frontend/ptx/parser.h"
#include "frontend/read_file.h"

using namespace warpsat;
using namespace warpsat::simt;

namespace {
constexpr const char* kKernel = "_ZN6wsgemm7ws_gemmILi64ELi64ELi32ELi2EEEvPKfS2_Pfiii";

template <typename T>
std::vector<uint8_t> bytes_of(const std::vector<T>& v) {
  std::vector<uint8_t> b(v.size() * sizeof(T));
  std::memcpy(b.data(), v.data(), b.size());
  return b;
}
std::vector<uint8_t> int_bytes(int32_t v) { return bytes_of(std::vector<int32_t>{v}); }
}  // namespace

TEST_CASE("the warp-specialized GEMM on the emulator equals the host's C = A B, bit for bit") {
  std::string path = std::string(WARPSAT_SOURCE_DIR) + "/tests/files/ws_gemm/ws_gemm.sm_80.ptx";
  ptx::Module m = ptx::parse_module(read_file(path, 1u << 20), path);
  std::mt19937 rng(3);  // fixed seed
  std::uniform_real_distribution<float> value(-1.f, 1.f);
  // Whole tiles with the buffer reused (K = 96: 3 stages in 2 slots), two
  // CTAs, and partial tiles in every dimension.
  for (auto [M, N, K] : {std::tuple{64, 64, 96}, {128, 64, 64}, {50, 70, 100}}) {
    std::vector<float> a(static_cast<size_t>(M * K)), b(static_cast<size_t>(K * N));
    for (float& x : a) x = value(rng);
    for (float& x : b) x = value(rng);
    Launch l;
    l.kernel = kKernel;
    l.grid[0] = static_cast<uint32_t>((N + 63) / 64);
    l.grid[1] = static_cast<uint32_t>((M + 63) / 64);
    l.block[0] = 288;                       // 32 producer + 256 consumer threads
    l.dynamic_shared_bytes = 2 * (64 * 32 + 32 * 64) * 4;  // D slots of an A and a B tile
    l.args = {KernelArgument::buffer(bytes_of(a), "A"), KernelArgument::buffer(bytes_of(b), "B"),
              KernelArgument::buffer(std::vector<uint8_t>(static_cast<size_t>(M * N) * 4, 0), "C"),
              KernelArgument::scalar(int_bytes(M), "M"), KernelArgument::scalar(int_bytes(N), "N"),
              KernelArgument::scalar(int_bytes(K), "K")};
    RunResult r = run_kernel(m, l);
    std::vector<float> c(static_cast<size_t>(M * N));
    REQUIRE(r.buffers[2].size() == c.size() * 4);
    std::memcpy(c.data(), r.buffers[2].data(), r.buffers[2].size());
    int differ = 0;
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < N; ++j) {
        float acc = 0;
        for (int k = 0; k < K; ++k) acc = std::fmaf(a[static_cast<size_t>(i * K + k)], b[static_cast<size_t>(k * N + j)], acc);
        if (std::memcmp(&acc, &c[static_cast<size_t>(i * N + j)], 4) != 0) ++differ;
      }
    CAPTURE(M);
    CAPTURE(N);
    CAPTURE(K);
    CHECK(differ == 0);
  }
}
