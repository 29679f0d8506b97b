// CUTLASS 3's own Hopper GEMM kernels on the emulator, end to end (issue 29
// item 3): example 48 (TF32, cooperative, cluster 4x2), the FP16 ping-pong
// kernel (cluster 1x1) and example 54 (FP8 e4m3, cooperative, cluster 1x2,
// bias, ReLU, Aux and amax), each from the launch files CUTLASS's host code
// wrote (examples/cutlass/host, scripts/generate_cutlass_launches.sh), on a
// problem of whole tiles and one with partial tiles in M, N and K. D must
// equal the host's alpha*A*B + beta*C bit for bit: the inputs are small
// integers (and halves for C), so every product and partial sum is exact in
// f32 whatever order wgmma accumulates in, and each output rounds once, from
// an exact value, to its type (docs/emulator.md, "CUTLASS end to end").
// Example 49's ping-pong kernel (FP16, cluster 2x1), the BF16 cooperative
// kernel (cluster 2x1) and the INT8 ping-pong kernel (s8 x s8 -> s32, its
// epilogue in f32 rounding to s32) are checked the same way. Examples 56 (pointer-array batched) and 57 (grouped, groups of
// different shapes) find each batch's or group's matrices through device arrays of
// pointers and replace their tensor maps per batch or group on the device
// (tensormap.replace): every batch's and group's D is checked the same way.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "emulator/simt/emulator.h"
#include "emulator/simt/launch.h"
#include "frontend/launch_file.h"
#include "frontend/ptx/parser.h"

using namespace warpsat;
using namespace warpsat::simt;

namespace {

std::string repo(const std::string& path) { return std::string(WARPSAT_SOURCE_DIR) + "/" + path; }

struct Problem {
  int m = 0, n = 0, k = 0;
  double alpha = 0, beta = 0;
  int batches = 1;                         // example 56: L
  std::vector<std::array<int, 3>> groups;  // example 57: (M, N, K) per group
};

Problem problem_of(const LaunchFile& lf) {
  // The launch file's description line (launch_writer.cpp writes it):
  // "M=256 N=256 K=128 alpha=2 beta=0.5", with " L=2" after K for a batched
  // GEMM, or "groups=256x128x128,136x200x80 alpha=...", with " sm_count=4"
  // before alpha for a GPU of other than 132 SMs.
  std::smatch s;
  Problem p;
  REQUIRE(std::regex_search(lf.text, s, std::regex(R"(description = .* alpha=(\S+) beta=(\S+)\")")));
  p.alpha = std::stod(s[1]), p.beta = std::stod(s[2]);
  if (std::regex_search(lf.text, s, std::regex(R"(description = .*: M=(\d+) N=(\d+) K=(\d+)( L=(\d+))?( sm_count=\d+)? alpha)"))) {
    p.m = std::stoi(s[1]), p.n = std::stoi(s[2]), p.k = std::stoi(s[3]);
    if (s[5].matched) p.batches = std::stoi(s[5]);
  } else {
    REQUIRE(std::regex_search(lf.text, s, std::regex(R"(description = .*: groups=([0-9x,]+)( sm_count=\d+)? alpha)")));
    std::string list = s[1];
    const std::regex group(R"((\d+)x(\d+)x(\d+))");
    for (auto it = std::sregex_iterator(list.begin(), list.end(), group); it != std::sregex_iterator(); ++it)
      p.groups.push_back(std::array<int, 3>{std::stoi((*it)[1]), std::stoi((*it)[2]), std::stoi((*it)[3])});
    REQUIRE(!p.groups.empty());
  }
  return p;
}

// The host's own readings of the element types (independent of emulator/fp).
double f32_value(const uint8_t* p) {
  float f;
  std::memcpy(&f, p, 4);
  return f;
}
double f16_value(const uint8_t* p) {
  _Float16 h;
  std::memcpy(&h, p, 2);
  return static_cast<double>(h);
}
double bf16_value(const uint8_t* p) {
  uint16_t h;
  std::memcpy(&h, p, 2);
  const uint32_t bits = uint32_t{h} << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}
// f32 -> bf16, nearest, ties to even (no NaN here).
uint16_t bf16_of(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  return static_cast<uint16_t>((bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16);
}
double s8_value(const uint8_t* p) { return static_cast<int8_t>(*p); }
double s32_value(const uint8_t* p) {
  int32_t v;
  std::memcpy(&v, p, 4);
  return v;
}
double e4m3_value(uint8_t b) {
  const unsigned e = (b >> 3) & 15, m = b & 7;
  double v = e == 0 ? std::ldexp(m / 8.0, -6) : std::ldexp(1 + m / 8.0, static_cast<int>(e) - 7);
  return (b & 0x80) ? -v : v;
}
// cvt.rn.satfinite.e4m3: nearest, ties to an even code, beyond 448 to 448.
uint8_t e4m3_of(double v) {
  const uint8_t sign = v < 0 ? 0x80 : 0;
  const double a = std::fabs(v);
  if (a >= 448) return sign | 0x7e;
  uint8_t best = 0;
  for (uint8_t c = 1; c <= 0x7e; ++c) {
    double d = std::fabs(e4m3_value(c) - a), bd = std::fabs(e4m3_value(best) - a);
    if (d < bd || (d == bd && (c & 1) == 0)) best = c;
  }
  return sign | best;
}

struct Buffers {
  std::map<std::string, std::vector<uint8_t>> in, out;
};

Buffers run(const std::string& ptx_path, const std::string& launch_path, Problem& p, std::string& kernel,
            const EmulatorOptions& options = {}, KernelMetrics* metrics = nullptr) {
  static std::map<std::string, ptx::Module> modules;  // each PTX file parsed once per test binary
  auto it = modules.find(ptx_path);
  if (it == modules.end()) it = modules.emplace(ptx_path, ptx::read_module(ptx_path)).first;
  LaunchFile lf = read_launch_file(launch_path);
  p = problem_of(lf);
  kernel = *lf.kernel;
  Buffers b;
  for (const NamedBuffer& nb : lf.buffers) b.in[nb.name] = nb.contents.bytes;
  Launch launch = launch_from_file(it->second, lf);
  RunResult r = run_kernel(it->second, std::move(launch), options);
  if (metrics) *metrics = r.metrics;
  REQUIRE(r.named_buffers.size() == lf.buffers.size());
  for (size_t i = 0; i < lf.buffers.size(); ++i) b.out[lf.buffers[i].name] = r.named_buffers[i];
  return b;
}

// acc[m + n*M] = sum_k A[m,k] B[k,n], exactly (A row-major M x K, B column-major K x N).
std::vector<double> products(const Problem& p, const std::vector<uint8_t>& a, const std::vector<uint8_t>& b,
                             double (*value)(const uint8_t*), unsigned bytes) {
  std::vector<double> acc(size_t(p.m) * p.n);
  for (int n = 0; n < p.n; ++n)
    for (int m = 0; m < p.m; ++m) {
      double s = 0;
      for (int k = 0; k < p.k; ++k)
        s += value(&a[(size_t(m) * p.k + k) * bytes]) * value(&b[(size_t(n) * p.k + k) * bytes]);
      acc[size_t(n) * p.m + m] = s;
    }
  return acc;
}

double e4m3_at(const uint8_t* p) { return e4m3_value(*p); }
double e5m2_at(const uint8_t* p) {
  const unsigned e = (*p >> 2) & 31, m = *p & 3;
  double v = e == 0 ? std::ldexp(m / 4.0, -14) : std::ldexp(1 + m / 4.0, static_cast<int>(e) - 15);
  return (*p & 0x80) ? -v : v;
}

// How many of D's `count` elements (each a T) differ in their bits from
// want(i); `first` the first.
template <class T, class Want>
size_t wrong_elements(const std::vector<uint8_t>& d, size_t count, Want want, size_t& first) {
  REQUIRE(d.size() == count * sizeof(T));
  size_t wrong = 0;
  first = SIZE_MAX;
  for (size_t i = 0; i < count; ++i) {
    const T w = want(i);
    if (std::memcmp(&w, &d[i * sizeof(T)], sizeof(T)) != 0 && wrong++ == 0) first = i;
  }
  return wrong;
}

// How many of D's f16 elements differ from alpha*acc + beta*C rounded once
// (exact in f32: small integers and halves) to f16; `first` the first.
size_t wrong_f16(const Problem& p, const std::vector<double>& acc, const std::vector<uint8_t>& c,
                 const std::vector<uint8_t>& d, size_t& first) {
  REQUIRE(c.size() == acc.size() * 2);
  return wrong_elements<_Float16>(d, acc.size(), [&](size_t i) {
    return static_cast<_Float16>(static_cast<float>(p.alpha * acc[i] + p.beta * f16_value(&c[i * 2])));
  }, first);
}

const char* kSizes[] = {"256x256x128", "208x136x80"};

}  // namespace

TEST_CASE("CUTLASS example 48 (TF32 cooperative, cluster 4x2) computes D = alpha A B + beta C bit for bit") {
  for (const char* size : kSizes) {
    CAPTURE(size);
    Problem p;
    std::string kernel;
    Buffers b = run(repo("examples/cutlass/ptx/48_hopper_warp_specialized_gemm.ptx"),
                    repo(std::string("examples/cutlass/launch/48_tf32_cooperative_") + size + ".toml"), p, kernel);
    std::vector<double> acc = products(p, b.in["A"], b.in["B"], f32_value, 4);
    const std::vector<uint8_t>& c = b.in["C"];
    size_t first = SIZE_MAX;
    const size_t wrong = wrong_elements<float>(b.out["D"], acc.size(), [&](size_t i) {
      return static_cast<float>(p.alpha * acc[i] + p.beta * f32_value(&c[i * 4]));  // exact
    }, first);
    CAPTURE(first);
    CHECK(wrong == 0);
  }
}

TEST_CASE("CUTLASS's FP16 ping-pong kernel computes D = alpha A B + beta C bit for bit") {
  for (const char* size : kSizes) {
    CAPTURE(size);
    Problem p;
    std::string kernel;
    Buffers b = run(repo("examples/cutlass/ptx/fp16_pingpong_c1x1.ptx"),
                    repo(std::string("examples/cutlass/launch/fp16_pingpong_") + size + ".toml"), p, kernel);
    std::vector<double> acc = products(p, b.in["A"], b.in["B"], f16_value, 2);
    // alpha*acc + beta*C is exact in f32; D is its one rounding to f16.
    size_t first = SIZE_MAX;
    const size_t wrong = wrong_f16(p, acc, b.in["C"], b.out["D"], first);
    CAPTURE(first);
    CHECK(wrong == 0);
  }
}

TEST_CASE("CUTLASS's FP16 ping-pong and example 48 with slow copies (consumers first) wait for their stages and compute the same D") {
  // EmulatorOptions::consumers_first: the consumers reach their first wait
  // before the producer's TMA copy is issued, so their try_wait finds the
  // stage empty and suspends them, which the usual schedule never does.
  struct Case {
    const char* ptx;
    const char* launch;
  };
  for (const Case& c : {Case{"fp16_pingpong_c1x1", "fp16_pingpong_208x136x80"},
                        Case{"48_hopper_warp_specialized_gemm", "48_tf32_cooperative_208x136x80"}}) {
    CAPTURE(c.launch);
    Problem p;
    std::string kernel;
    KernelMetrics usual, slow;
    const std::string ptx = repo(std::string("examples/cutlass/ptx/") + c.ptx + ".ptx");
    const std::string launch = repo(std::string("examples/cutlass/launch/") + c.launch + ".toml");
    Buffers a = run(ptx, launch, p, kernel, {}, &usual);
    EmulatorOptions o;
    o.consumers_first = true;
    Buffers b = run(ptx, launch, p, kernel, o, &slow);
    CHECK(a.out == b.out);
    const auto consumer = static_cast<size_t>(WarpRole::Consumer);
    CHECK(slow.roles[consumer].mbarrier_blocked > usual.roles[consumer].mbarrier_blocked);
  }
}

TEST_CASE("CUTLASS example 49's ping-pong kernel (FP16, cluster 2x1) computes D = alpha A B + beta C bit for bit") {
  for (const char* size : kSizes) {
    CAPTURE(size);
    Problem p;
    std::string kernel;
    Buffers b = run(repo("examples/cutlass/ptx/49_collective_builder.ptx"),
                    repo(std::string("examples/cutlass/launch/49_pingpong_") + size + ".toml"), p, kernel);
    CHECK(kernel.find("KernelTmaWarpSpecializedPingpong") != std::string::npos);
    std::vector<double> acc = products(p, b.in["A"], b.in["B"], f16_value, 2);
    size_t first = SIZE_MAX;
    const size_t wrong = wrong_f16(p, acc, b.in["C"], b.out["D"], first);
    CAPTURE(first);
    CHECK(wrong == 0);
  }
}

TEST_CASE("CUTLASS's BF16 cooperative kernel (cluster 2x1) computes D = alpha A B + beta C bit for bit") {
  for (const char* size : kSizes) {
    CAPTURE(size);
    Problem p;
    std::string kernel;
    Buffers b = run(repo("examples/cutlass/ptx/bf16_cooperative_c2x1.ptx"),
                    repo(std::string("examples/cutlass/launch/bf16_cooperative_") + size + ".toml"), p, kernel);
    std::vector<double> acc = products(p, b.in["A"], b.in["B"], bf16_value, 2);
    const std::vector<uint8_t>& c = b.in["C"];
    // alpha*acc + beta*C is exact in f32; D is its one rounding to bf16.
    size_t first = SIZE_MAX;
    const size_t wrong = wrong_elements<uint16_t>(b.out["D"], acc.size(), [&](size_t i) {
      return bf16_of(static_cast<float>(p.alpha * acc[i] + p.beta * bf16_value(&c[i * 2])));
    }, first);
    CAPTURE(first);
    CHECK(wrong == 0);
  }
}

TEST_CASE("CUTLASS's INT8 ping-pong kernel (s8 x s8 -> s32) computes D = alpha A B + beta C exactly") {
  for (const char* size : kSizes) {
    CAPTURE(size);
    Problem p;
    std::string kernel;
    Buffers b = run(repo("examples/cutlass/ptx/int8_pingpong_c1x1.ptx"),
                    repo(std::string("examples/cutlass/launch/int8_pingpong_") + size + ".toml"), p, kernel);
    std::vector<double> acc = products(p, b.in["A"], b.in["B"], s8_value, 1);
    const std::vector<uint8_t>& c = b.in["C"];
    // The epilogue computes in f32 (exact here) and rounds to the nearest
    // s32, ties to even (beta = 0.5 makes ties).
    size_t first = SIZE_MAX;
    const size_t wrong = wrong_elements<int32_t>(b.out["D"], acc.size(), [&](size_t i) {
      return static_cast<int32_t>(std::nearbyint(p.alpha * acc[i] + p.beta * s32_value(&c[i * 4])));
    }, first);
    CAPTURE(first);
    CHECK(wrong == 0);
  }
}

TEST_CASE("CUTLASS example 49's stream-K kernel (FP16 cooperative, cluster 2x1, on 4 SMs) adds its CTAs' partial sums into D bit for bit") {
  // Two output tiles on a GPU of 4 SMs: the scheduler splits each tile's K
  // loop among CTAs, which add their partial sums through the workspace,
  // each waiting on a flag there. In split-K mode a CTA of the first
  // cluster waits for a split the second computes: the emulator must start
  // the second beside the first.
  for (std::string mode : {"stream_k", "split_k"})
    for (std::string size : {"256x128x1024", "200x120x1000"}) {
      CAPTURE(mode);
      CAPTURE(size);
      Problem p;
      std::string kernel;
      Buffers b = run(repo("examples/cutlass/ptx/49_collective_builder.ptx"),
                      repo("examples/cutlass/launch/49_" + mode + "_" + size + "_4sms.toml"), p, kernel);
      CHECK(kernel.find("StreamKScheduler") != std::string::npos);
      std::vector<double> acc = products(p, b.in["A"], b.in["B"], f16_value, 2);
      size_t first = SIZE_MAX;
      size_t wrong = wrong_f16(p, acc, b.in["C"], b.out["D"], first);
      CAPTURE(first);
      CHECK(wrong == 0);
      // The CTAs went through the workspace: partial sums and flags written.
      const std::vector<uint8_t>& w = b.out["workspace"];
      CHECK(std::any_of(w.begin(), w.end(), [](uint8_t x) { return x != 0; }));
    }
}

TEST_CASE("A GPU too small to hold both of split-K's clusters: the spin is reported with the clusters that could not start") {
  // 2 SMs hold one cluster of 2 CTAs (one CTA per SM: the kernel's shared
  // memory and .maxnreg); its CTA waits for the second cluster's split.
  EmulatorOptions small;
  small.sms = 2;
  Problem p;
  std::string kernel;
  try {
    run(repo("examples/cutlass/ptx/49_collective_builder.ptx"),
        repo("examples/cutlass/launch/49_split_k_256x128x1024_4sms.toml"), p, kernel, small);
    FAIL("the run finished on a GPU that cannot hold the cluster it waits for");
  } catch (const EmulationError& e) {
    std::string m = e.message();
    CAPTURE(m);
    CHECK(m.find("can never finish") != std::string::npos);
    CHECK(m.find("a GPU of 2 SMs (--sms) holds 1 cluster(s) of this launch at once, and 1 more had not started") !=
          std::string::npos);
  }
}

TEST_CASE("CUTLASS example 54 (FP8 cooperative, cluster 1x2) computes D, Aux and both amax bit for bit") {
  for (const char* size : kSizes) {
    CAPTURE(size);
    Problem p;
    std::string kernel;
    Buffers b = run(repo("examples/cutlass/ptx/54_hopper_fp8_warp_specialized_gemm.ptx"),
                    repo(std::string("examples/cutlass/launch/54_fp8_cooperative_") + size + ".toml"), p, kernel);
    std::vector<double> acc = products(p, b.in["A"], b.in["B"], e4m3_at, 1);
    const std::vector<uint8_t>& c = b.in["C"];
    const std::vector<uint8_t>& d = b.out["D"];
    const std::vector<uint8_t>& aux = b.out["Aux"];
    const std::vector<uint8_t>& bias = b.in["bias"];
    REQUIRE(d.size() == acc.size());
    REQUIRE(aux.size() == acc.size());
    // scale_a = scale_b = scale_c = 1, scale_d = 0.5, scale_aux = 0.25 (kernel_54_fp8.cu)
    size_t wrong_d = 0, wrong_aux = 0, first = SIZE_MAX;
    double amax_d = 0, amax_aux = 0;
    for (size_t i = 0; i < acc.size(); ++i) {
      size_t m = i % size_t(p.m);
      double z = p.alpha * acc[i] + p.beta * e4m3_value(c[i]) + f32_value(&bias[m * 4]);  // exact
      double relu = z > 0 ? z : 0;
      amax_d = std::max(amax_d, relu);
      amax_aux = std::max(amax_aux, std::fabs(z));
      if (d[i] != e4m3_of(0.5 * relu) && wrong_d++ == 0) first = i;
      if (aux[i] != e4m3_of(0.25 * z) && wrong_aux++ == 0 && first == SIZE_MAX) first = i;
    }
    CAPTURE(first);
    CHECK(wrong_d == 0);
    CHECK(wrong_aux == 0);
    CHECK(f32_value(b.out["amax_D"].data()) == amax_d);
    CHECK(f32_value(b.out["amax_aux"].data()) == amax_aux);
  }
}

TEST_CASE("CUTLASS example 56 (pointer-array batched FP16, cooperative, cluster 1x2, and ping-pong) computes every batch's D bit for bit") {
  for (const char* schedule : {"cooperative", "pingpong"})
  for (const char* size : {"256x256x128x2", "208x136x80x3"}) {
    CAPTURE(schedule);
    CAPTURE(size);
    Problem p;
    std::string kernel;
    Buffers b = run(repo("examples/cutlass/ptx/56_hopper_ptr_array_batched_gemm.ptx"),
                    repo(std::string("examples/cutlass/launch/56_ptr_array_") + schedule + "_" + size + ".toml"), p,
                    kernel);
    REQUIRE(p.batches > 1);
    for (int i = 0; i < p.batches; ++i) {
      CAPTURE(i);
      const std::string n = std::to_string(i);
      std::vector<double> acc = products(p, b.in["A" + n], b.in["B" + n], f16_value, 2);
      size_t first = 0;
      CHECK(wrong_f16(p, acc, b.in["C" + n], b.out["D" + n], first) == 0);
      CAPTURE(first);
    }
  }
}

TEST_CASE("CUTLASS example 57 (grouped FP8 e4m3 x e5m2, groups of different shapes, cooperative and ping-pong, CTAs with one tile or several) computes every group's D bit for bit") {
  for (const char* schedule : {"cooperative", "pingpong"})
  for (const char* groups : {"2groups", "3groups", "3groups_4sms"}) {
    CAPTURE(schedule);
    CAPTURE(groups);
    Problem p;
    std::string kernel;
    Buffers b = run(repo("examples/cutlass/ptx/57_hopper_grouped_gemm.ptx"),
                    repo(std::string("examples/cutlass/launch/57_grouped_") + schedule + "_" + groups + ".toml"), p,
                    kernel);
    REQUIRE(p.groups.size() >= 2);
    CHECK(p.groups[0] != p.groups[1]);
    for (size_t g = 0; g < p.groups.size(); ++g) {
      CAPTURE(g);
      Problem q = p;
      q.m = p.groups[g][0], q.n = p.groups[g][1], q.k = p.groups[g][2];
      const std::string n = std::to_string(g);
      REQUIRE(b.in["A" + n].size() == size_t(q.m) * q.k);
      REQUIRE(b.in["B" + n].size() == size_t(q.n) * q.k);
      // e4m3 x e5m2 products of small integers: exact whatever the accumulation order.
      std::vector<double> acc(size_t(q.m) * q.n);
      for (int col = 0; col < q.n; ++col)
        for (int row = 0; row < q.m; ++row) {
          double s = 0;
          for (int k = 0; k < q.k; ++k)
            s += e4m3_at(&b.in["A" + n][size_t(row) * q.k + k]) * e5m2_at(&b.in["B" + n][size_t(col) * q.k + k]);
          acc[size_t(col) * q.m + row] = s;
        }
      size_t first = 0;
      CHECK(wrong_f16(q, acc, b.in["C" + n], b.out["D" + n], first) == 0);
      CAPTURE(first);
    }
  }
}
