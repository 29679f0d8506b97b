// The project's warp-specialized sm_90a GEMM (tests/files/hopper/
// ws_gemm_sm90.cu: a TMA producer warp group, two wgmma consumer warp
// groups, a 3-stage mbarrier ring with transaction counts, 2x1 clusters
// multicasting B) on the emulator, from a launch file with tensor maps, on
// random data: D must equal the host's A B^T bit for bit (small integer
// inputs, so every partial sum is exact in f32 whatever order wgmma adds
// in). Two problem sizes: whole tiles, and partial tiles in M, N and K with
// the ring wrapping twice. The metrics count its MMAs.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <string>
#include <tuple>

#include <fmt/format.h>

#include "emulator/simt/emulator.h"
#include "emulator/simt/launch.h"
#include "frontend/launch_file.h"
#include "frontend/ptx/parser.h"
#include "frontend/read_file.h"

using namespace warpsat;
using namespace warpsat::simt;

namespace {

std::string values(const std::vector<int>& v) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) fmt::format_to(std::back_inserter(out), "{}{}", i ? ", " : "", v[i]);
  return out;
}

// The launch of ws-gemm.launch.toml for any size, with A and B given.
std::string launch_text(int M, int N, int K, const std::vector<int>& a, const std::vector<int>& b) {
  return fmt::format(R"(kernel = "_ZN2ws7ws_gemmE14CUtensorMap_stS0_S0_iii"
grid = [{0}, {1}, 1]
block = [384, 1, 1]
cluster = [2, 1, 1]
dynamic_shared_bytes = 108544
[[buffer]]
name = "A"
type = "f16"
values = [{3}]
[[buffer]]
name = "B"
type = "f16"
values = [{4}]
[[buffer]]
name = "D"
type = "f32"
count = {5}
fill = -1.0
[[tensor_map]]
name = "tma_a"
buffer = "A"
type = "f16"
dims = [{8}, {6}]
strides = [{9}]
box = [64, 128]
swizzle = "128B"
[[tensor_map]]
name = "tma_b"
buffer = "B"
type = "f16"
dims = [{8}, {7}]
strides = [{9}]
box = [64, 32]
swizzle = "128B"
[[tensor_map]]
name = "tma_d"
buffer = "D"
type = "f32"
dims = [{7}, {6}]
strides = [{10}]
box = [64, 64]
[[param]]
tensor_map = "tma_a"
[[param]]
tensor_map = "tma_b"
[[param]]
tensor_map = "tma_d"
[[param]]
scalar = {{ type = "s32", value = {6} }}
[[param]]
scalar = {{ type = "s32", value = {7} }}
[[param]]
scalar = {{ type = "s32", value = {8} }}
)",
                     ((M + 127) / 128 + 1) / 2 * 2, (N + 63) / 64, 0, values(a), values(b), M * N, M, N, K, K * 2,
                     N * 4);
}

}  // namespace

TEST_CASE("the warp-specialized sm_90a GEMM (TMA, mbarrier ring, wgmma, 2x1 cluster multicast) equals the host's A B^T") {
  const std::string path = std::string(WARPSAT_SOURCE_DIR) + "/tests/files/hopper/ws_gemm_sm90.sm_90a.ptx";
  ptx::Module m = ptx::parse_module(read_file(path, 1u << 22), path);
  std::mt19937 rng(90);
  for (auto [M, N, K] : {std::tuple{256, 128, 128}, {200, 100, 456}}) {
    std::vector<int> a(size_t(M) * K), b(size_t(N) * K);
    for (int& v : a) v = static_cast<int>(rng() % 7) - 3;
    for (int& v : b) v = static_cast<int>(rng() % 7) - 3;
    LaunchFile file = parse_launch_file(launch_text(M, N, K, a, b), "ws-gemm.toml");
    RunResult r = run_kernel(m, launch_from_file(m, file));
    REQUIRE(r.named_buffers.size() == 3);
    std::vector<float> d(size_t(M) * N);
    REQUIRE(r.named_buffers[2].size() == d.size() * 4);
    std::memcpy(d.data(), r.named_buffers[2].data(), d.size() * 4);
    int wrong = 0;
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < N; ++j) {
        int sum = 0;
        for (int k = 0; k < K; ++k) sum += a[size_t(i) * K + k] * b[size_t(j) * K + k];
        wrong += d[size_t(i) * N + j] != static_cast<float>(sum);
      }
    CAPTURE(M);
    CAPTURE(N);
    CAPTURE(K);
    CHECK(wrong == 0);
    // Per CTA: two consumer warp groups, four m64n64k16 per k-tile each.
    const uint64_t ctas = uint64_t(((M + 127) / 128 + 1) / 2 * 2) * ((N + 63) / 64), tiles = uint64_t((K + 63) / 64);
    CHECK(r.metrics.wgmma_instructions == ctas * 2 * tiles * 4);
    CHECK(r.metrics.wgmma_flops == ctas * 2 * tiles * 4 * 2 * 64 * 64 * 16);
  }
}

// The launches `branches` makes up invent the Params bytes, so they hold no
// tensor map the emulator knows. With Launch::opaque_tensor_maps the copies
// through them move nothing, their mbarriers complete on arrivals alone, and
// the pipeline runs to its end as with real maps; without it, the first
// copy stops the run.
TEST_CASE("opaque tensor maps: the same GEMM runs to its end with maps nobody described, and moves no bytes") {
  const std::string path = std::string(WARPSAT_SOURCE_DIR) + "/tests/files/hopper/ws_gemm_sm90.sm_90a.ptx";
  ptx::Module m = ptx::parse_module(read_file(path, 1u << 22), path);
  const int M = 200, N = 100, K = 456;
  std::vector<int> a(size_t(M) * K, 1), b(size_t(N) * K, 1);
  LaunchFile file = parse_launch_file(launch_text(M, N, K, a, b), "ws-gemm.toml");
  Launch l = launch_from_file(m, file);
  for (KernelArgument& arg : l.args) arg.tensor_map_slots.clear();  // the parameters hold zero bytes, no map
  CHECK_THROWS_WITH_AS(run_kernel(m, l), doctest::Contains("holds no tensor map"), EmulationError);
  l.opaque_tensor_maps = true;
  RunResult r = run_kernel(m, l);
  REQUIRE(r.named_buffers.size() == 3);
  std::vector<float> d(size_t(M) * N);
  std::memcpy(d.data(), r.named_buffers[2].data(), d.size() * 4);
  CHECK(std::all_of(d.begin(), d.end(), [](float v) { return v == -1.0f; }));  // the TMA stores wrote nothing
  const uint64_t ctas = uint64_t(((M + 127) / 128 + 1) / 2 * 2) * ((N + 63) / 64), tiles = uint64_t((K + 63) / 64);
  CHECK(r.metrics.wgmma_instructions == ctas * 2 * tiles * 4);  // every k-tile of every consumer ran
  CHECK(r.metrics.async_total().tma_bytes_loaded == 0);
  CHECK(r.metrics.async_total().tma_bytes_stored == 0);
}
