// Times bench/gpu/ws_gemm.cuh for seed 001's grid of sizes and tilings and
// writes the two CSV files warpsat reads (docs/traces.md):
//   OUT/kernels.csv  m,n,k,tm,tn,tk,stages,time_us,note  -> warpsat validate-model
//   OUT/pieces.csv   kind,tm,tn,tk,time_us,note          -> warpsat calibrate
// NOT RUN ON A GPU YET: it compiles with nvcc (see README.md); its numbers
// have never been seen.
//
//   ws_gemm_bench [--out DIR] [--reps N] [--max-dim D] [--check]
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "ws_gemm.cuh"

namespace {

#define CUDA_OK(call)                                                                                   \
  do {                                                                                                  \
    cudaError_t err_ = (call);                                                                          \
    if (err_ != cudaSuccess) {                                                                          \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(err_));     \
      std::exit(1);                                                                                     \
    }                                                                                                   \
  } while (0)

struct Options {
  std::string out = ".";
  int reps = 100;      // launches averaged per figure (seed 001 used 10000)
  int max_dim = 1024;  // M, N, K run over 128, 256, ..., max_dim
  bool check = true;   // compare one product with a reference kernel first
};

// Mean and standard deviation of `reps` timed launches, in microseconds.
template <typename Launch>
std::pair<double, double> time_us(Launch launch, int reps) {
  cudaEvent_t start, stop;
  CUDA_OK(cudaEventCreate(&start));
  CUDA_OK(cudaEventCreate(&stop));
  launch();  // warm-up
  CUDA_OK(cudaDeviceSynchronize());
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    CUDA_OK(cudaEventRecord(start));
    launch();
    CUDA_OK(cudaEventRecord(stop));
    CUDA_OK(cudaEventSynchronize(stop));
    float ms = 0;
    CUDA_OK(cudaEventElapsedTime(&ms, start, stop));
    t.push_back(1000.0 * ms);
  }
  CUDA_OK(cudaGetLastError());
  double mean = 0, var = 0;
  for (double x : t) mean += x;
  mean /= t.size();
  for (double x : t) var += (x - mean) * (x - mean);
  return {mean, std::sqrt(var / t.size())};
}

struct Buffers {
  float *A = nullptr, *B = nullptr, *C = nullptr, *sink = nullptr;
};

template <int TM, int TN, int TK, int D>
bool fits(const cudaDeviceProp& p) {
  return wsgemm::Shape<TM, TN, TK, D>::kSmemBytes <= p.sharedMemPerBlockOptin;
}

template <int TM, int TN, int TK, int D>
void launch_gemm(const Buffers& b, int M, int N, int K) {
  using S = wsgemm::Shape<TM, TN, TK, D>;
  dim3 grid((N + TN - 1) / TN, (M + TM - 1) / TM);
  wsgemm::ws_gemm<TM, TN, TK, D><<<grid, wsgemm::kThreads, S::kSmemBytes>>>(b.A, b.B, b.C, M, N, K);
}

template <int TM, int TN, int TK, int D>
void prepare(const cudaDeviceProp& p) {
  if (fits<TM, TN, TK, D>(p))
    CUDA_OK(cudaFuncSetAttribute(wsgemm::ws_gemm<TM, TN, TK, D>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 int(wsgemm::Shape<TM, TN, TK, D>::kSmemBytes)));
}

__global__ void reference_gemm(const float* A, const float* B, float* C, int M, int N, int K) {
  int m = blockIdx.y * blockDim.y + threadIdx.y, n = blockIdx.x * blockDim.x + threadIdx.x;
  if (m >= M || n >= N) return;
  float acc = 0;
  for (int k = 0; k < K; ++k) acc = fmaf(A[size_t(m) * K + k], B[size_t(k) * N + n], acc);
  C[size_t(m) * N + n] = acc;
}

// Refuses to time a kernel that computes the wrong product.
template <int TM, int TN, int TK, int D>
bool correct(const Buffers& b, int M, int N, int K) {
  float* ref = nullptr;
  CUDA_OK(cudaMalloc(&ref, sizeof(float) * M * N));
  reference_gemm<<<dim3((N + 15) / 16, (M + 15) / 16), dim3(16, 16)>>>(b.A, b.B, ref, M, N, K);
  launch_gemm<TM, TN, TK, D>(b, M, N, K);
  CUDA_OK(cudaDeviceSynchronize());
  std::vector<float> x(size_t(M) * N), y(size_t(M) * N);
  CUDA_OK(cudaMemcpy(x.data(), b.C, sizeof(float) * x.size(), cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(y.data(), ref, sizeof(float) * y.size(), cudaMemcpyDeviceToHost));
  CUDA_OK(cudaFree(ref));
  double worst = 0;
  for (size_t i = 0; i < x.size(); ++i) worst = std::max(worst, double(std::fabs(x[i] - y[i])) / (1 + std::fabs(y[i])));
  std::printf("check %dx%dx%d D=%d on %dx%dx%d: max relative difference %.3g\n", TM, TN, TK, D, M, N, K, worst);
  return worst < 1e-4;
}

template <int TM, int TN, int TK, int D>
void time_kernels(FILE* out, const Buffers& b, const cudaDeviceProp& p, const Options& o) {
  if (!fits<TM, TN, TK, D>(p)) {
    std::fprintf(stderr, "skip %dx%dx%d D=%d: needs %zu bytes of shared memory\n", TM, TN, TK, D,
                 wsgemm::Shape<TM, TN, TK, D>::kSmemBytes);
    return;
  }
  prepare<TM, TN, TK, D>(p);
  for (int m = 128; m <= o.max_dim; m += 128)
    for (int n = 128; n <= o.max_dim; n += 128)
      for (int k = 128; k <= o.max_dim; k += 128) {
        auto [mean, sd] = time_us([&] { launch_gemm<TM, TN, TK, D>(b, m, n, k); }, o.reps);
        std::fprintf(out, "%d,%d,%d,%d,%d,%d,%d,%.4f,sd %.4f us over %d runs\n", m, n, k, TM, TN, TK, D, mean, sd, o.reps);
      }
  std::fflush(out);
}

template <int TM, int TK>
void time_load(FILE* out, const Buffers& b, const cudaDeviceProp& p, const Options& o, double init_us) {
  constexpr int reps = 64;
  size_t smem = size_t(TM) * TK * sizeof(float);
  if (smem > p.sharedMemPerBlockOptin) return;
  CUDA_OK(cudaFuncSetAttribute(wsgemm::load_only<TM, TK>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
  auto [mean, sd] = time_us([&] { wsgemm::load_only<TM, TK><<<1, wsgemm::kProducerThreads, smem>>>(b.A, o.max_dim, reps, b.sink); },
                            o.reps);
  std::fprintf(out, "load,%d,,%d,%.4f,(kernel %.4f us - init) / %d tiles; sd %.4f us\n", TM, TK, (mean - init_us) / reps,
               mean, reps, sd);
}

template <int TM, int TN, int TK>
void time_math(FILE* out, const Buffers& b, const cudaDeviceProp& p, const Options& o, double init_us) {
  constexpr int reps = 64;
  size_t smem = size_t(TM * TK + TK * TN) * sizeof(float);
  if (smem > p.sharedMemPerBlockOptin) return;
  CUDA_OK(cudaFuncSetAttribute(wsgemm::math_only<TM, TN, TK>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
  auto [mean, sd] = time_us([&] { wsgemm::math_only<TM, TN, TK><<<1, wsgemm::kConsumerThreads, smem>>>(reps, b.sink); },
                            o.reps);
  std::fprintf(out, "math,%d,%d,%d,%.4f,(kernel %.4f us - init) / %d tiles; sd %.4f us\n", TM, TN, TK,
               (mean - init_us) / reps, mean, reps, sd);
}

template <int TM, int TN>
void time_epilogue(FILE* out, const Buffers& b, const Options& o, double init_us) {
  auto [mean, sd] = time_us([&] { wsgemm::epilogue_only<TM, TN><<<1, wsgemm::kConsumerThreads>>>(b.C, o.max_dim); }, o.reps);
  std::fprintf(out, "epilogue,%d,%d,,%.4f,kernel %.4f us - init; sd %.4f us\n", TM, TN, mean - init_us, mean, sd);
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--out" && i + 1 < argc) o.out = argv[++i];
    else if (a == "--reps" && i + 1 < argc) o.reps = std::atoi(argv[++i]);
    else if (a == "--max-dim" && i + 1 < argc) o.max_dim = std::atoi(argv[++i]);
    else if (a == "--no-check") o.check = false;
    else {
      std::fprintf(stderr, "usage: %s [--out DIR] [--reps N] [--max-dim D (multiple of 128)] [--no-check]\n", argv[0]);
      return 2;
    }
  }
  if (o.max_dim < 128 || o.max_dim % 128 != 0 || o.reps < 1) {
    std::fprintf(stderr, "--max-dim must be a positive multiple of 128 and --reps positive\n");
    return 2;
  }
  cudaDeviceProp p;
  CUDA_OK(cudaGetDeviceProperties(&p, 0));
  std::printf("device: %s, %d SMs, %zu bytes of shared memory per block (opt-in)\n", p.name, p.multiProcessorCount,
              p.sharedMemPerBlockOptin);
  Buffers b;
  size_t n = size_t(o.max_dim) * o.max_dim;
  CUDA_OK(cudaMalloc(&b.A, n * sizeof(float)));
  CUDA_OK(cudaMalloc(&b.B, n * sizeof(float)));
  CUDA_OK(cudaMalloc(&b.C, n * sizeof(float)));
  CUDA_OK(cudaMalloc(&b.sink, 1 << 20));
  std::vector<float> host(n);
  for (size_t i = 0; i < n; ++i) host[i] = float((i * 2654435761u) % 1000) / 1000.0f - 0.5f;
  CUDA_OK(cudaMemcpy(b.A, host.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemcpy(b.B, host.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  if (o.check) {
    prepare<128, 64, 64, 3>(p);
    prepare<64, 128, 32, 2>(p);
    if (!correct<128, 64, 64, 3>(b, 384, 256, 640) || !correct<64, 128, 32, 2>(b, 256, 384, 96)) {
      std::fprintf(stderr, "the warp-specialized kernel computes a wrong product; nothing timed\n");
      return 1;
    }
  }

  // Pieces first (seed 001, section 4.2): init, then loads, multiplies, epilogues.
  FILE* pieces = std::fopen((o.out + "/pieces.csv").c_str(), "w");
  if (!pieces) {
    std::perror("pieces.csv");
    return 1;
  }
  std::fprintf(pieces, "# ws_gemm_bench on %s (%d SMs): warpsat calibrate pieces.csv --base a6000-paper -o gpu.toml\n",
               p.name, p.multiProcessorCount);
  std::fprintf(pieces, "kind,tm,tn,tk,time_us,note\n");
  auto [init_us, init_sd] = time_us([] { wsgemm::empty_kernel<<<1, 32>>>(); }, o.reps);
  std::fprintf(pieces, "init,,,,%.4f,empty kernel; sd %.4f us\n", init_us, init_sd);
  time_load<32, 32>(pieces, b, p, o, init_us);
  time_load<64, 32>(pieces, b, p, o, init_us);
  time_load<64, 64>(pieces, b, p, o, init_us);
  time_load<128, 64>(pieces, b, p, o, init_us);
  time_load<128, 128>(pieces, b, p, o, init_us);
  time_load<256, 128>(pieces, b, p, o, init_us);
  time_math<64, 64, 32>(pieces, b, p, o, init_us);
  time_math<64, 64, 64>(pieces, b, p, o, init_us);
  time_math<128, 64, 64>(pieces, b, p, o, init_us);
  time_math<128, 128, 64>(pieces, b, p, o, init_us);
  time_math<128, 128, 128>(pieces, b, p, o, init_us);
  time_epilogue<64, 64>(pieces, b, o, init_us);
  time_epilogue<128, 64>(pieces, b, o, init_us);
  time_epilogue<128, 128>(pieces, b, o, init_us);
  std::fclose(pieces);

  // Whole kernels over seed 001's grid (4.2.4): M, N, K multiples of 128, tiles 64 or 128.
  FILE* kernels = std::fopen((o.out + "/kernels.csv").c_str(), "w");
  if (!kernels) {
    std::perror("kernels.csv");
    return 1;
  }
  std::fprintf(kernels, "# ws_gemm_bench on %s: warpsat validate-model kernels.csv --machine gpu.toml\n", p.name);
  std::fprintf(kernels, "m,n,k,tm,tn,tk,stages,time_us,note\n");
#define WS_TIME(TM, TN, TK)                               \
  time_kernels<TM, TN, TK, 2>(kernels, b, p, o);          \
  time_kernels<TM, TN, TK, 3>(kernels, b, p, o);          \
  time_kernels<TM, TN, TK, 4>(kernels, b, p, o);
  WS_TIME(64, 64, 64)
  WS_TIME(64, 64, 128)
  WS_TIME(64, 128, 64)
  WS_TIME(64, 128, 128)
  WS_TIME(128, 64, 64)
  WS_TIME(128, 64, 128)
  WS_TIME(128, 128, 64)
  WS_TIME(128, 128, 128)
#undef WS_TIME
  std::fclose(kernels);
  std::printf("wrote %s/pieces.csv and %s/kernels.csv\n", o.out.c_str(), o.out.c_str());
  return 0;
}
