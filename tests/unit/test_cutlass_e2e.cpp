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
#include <doctest/doctest.h>

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
};

Problem problem_of(const LaunchFile& lf) {
  std::smatch s;
  // The launch file's description line (launch_writer.cpp writes it).
  REQUIRE(std::regex_search(lf.text, s, std::regex(R"(M=(\d+) N=(\d+) K=(\d+) alpha=(\S+) beta=(\S+))")));
  return {std::stoi(s[1]), std::stoi(s[2]), std::stoi(s[3]), std::stod(s[4]), std::stod(s[5])};
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

Buffers run(const std::string& ptx_path, const std::string& launch_path, Problem& p, std::string& kernel) {
  static std::map<std::string, ptx::Module> modules;  // each PTX file parsed once per test binary
  auto it = modules.find(ptx_path);
  if (it == modules.end()) it = modules.emplace(ptx_path, ptx::read_module(ptx_path)).first;
  LaunchFile lf = read_launch_file(launch_path);
  p = problem_of(lf);
  kernel = *lf.kernel;
  Buffers b;
  for (const NamedBuffer& nb : lf.buffers) b.in[nb.name] = nb.contents.bytes;
  Launch launch = launch_from_file(it->second, lf);
  RunResult r = run_kernel(it->second, std::move(launch));
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
    const std::vector<uint8_t>& d = b.out["D"];
    REQUIRE(d.size() == acc.size() * 4);
    size_t wrong = 0, first = SIZE_MAX;
    for (size_t i = 0; i < acc.size(); ++i) {
      float want = static_cast<float>(p.alpha * acc[i] + p.beta * f32_value(&c[i * 4]));  // exact
      if (std::memcmp(&want, &d[i * 4], 4) != 0 && wrong++ == 0) first = i;
    }
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
    const std::vector<uint8_t>& c = b.in["C"];
    const std::vector<uint8_t>& d = b.out["D"];
    REQUIRE(d.size() == acc.size() * 2);
    size_t wrong = 0, first = SIZE_MAX;
    for (size_t i = 0; i < acc.size(); ++i) {
      // alpha*acc + beta*C is exact in f32; D is its one rounding to f16.
      _Float16 want = static_cast<_Float16>(static_cast<float>(p.alpha * acc[i] + p.beta * f16_value(&c[i * 2])));
      if (std::memcmp(&want, &d[i * 2], 2) != 0 && wrong++ == 0) first = i;
    }
    CAPTURE(first);
    CHECK(wrong == 0);
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
