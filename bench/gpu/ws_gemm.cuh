// A warp-specialized GEMM (C = A * B, fp32, row-major) in the shape seed 001
// models: per CTA one output tile TM x TN; one producer (DMA) warp loads the
// A tile (TM x TK) and then the B tile (TK x TN) of each stage into a circular
// shared-memory buffer of D slots; eight consumer (MATH) warps multiply each
// slot's pair and accumulate, then write the tile back (the epilogue).
//
// Synchronisation is the producer-consumer pattern of the CUDA C++
// Programming Guide ("spatial partitioning"): per slot a `filled` and an
// `empty` cuda::barrier (hardware mbarriers on sm_80 and later), each
// expecting every thread of the block once per phase. The producer
// arrive_and_waits on `empty[slot]` before refilling and arrives on
// `filled[slot]`; the consumers arrive_and_wait on `filled[slot]` and arrive
// on `empty[slot]` when done. Seed 001's equations 1-3 are exactly these
// waits: a load starts when the previous load is done and the slot it
// overwrites has been released (D stages earlier).
#pragma once

#include <cuda/barrier>

namespace wsgemm {

using barrier = cuda::barrier<cuda::thread_scope_block>;

constexpr int kProducerThreads = 32;   // one DMA warp
constexpr int kConsumerThreads = 256;  // eight MATH warps, as a 16 x 16 grid
constexpr int kThreads = kProducerThreads + kConsumerThreads;

template <int TM, int TN, int TK, int D>
struct Shape {
  static_assert(TM % 16 == 0 && TN % 16 == 0, "the 16 x 16 consumer grid needs TM and TN multiples of 16");
  static_assert(D >= 2, "a circular buffer needs two slots");
  static constexpr int kSlotFloats = TM * TK + TK * TN;
  static constexpr size_t kSmemBytes = size_t{D} * kSlotFloats * sizeof(float);
  static constexpr int kRowsPerThread = TM / 16, kColsPerThread = TN / 16;
};

// The producer warp: stage s goes to slot s % D. A is stored transposed
// (As[k][m]) so consumers read it without bank conflicts.
template <int TM, int TN, int TK, int D>
__device__ void produce(barrier* filled, barrier* empty, float* smem, const float* A, const float* B, int M, int N,
                        int K, int m0, int n0, int lane) {
  using S = Shape<TM, TN, TK, D>;
  const int stages = (K + TK - 1) / TK;
  for (int s = 0; s < stages; ++s) {
    const int slot = s % D;
    empty[slot].arrive_and_wait();  // the slot's previous pair has been multiplied
    float* As = smem + slot * S::kSlotFloats;
    float* Bs = As + TM * TK;
    const int k0 = s * TK;
    for (int i = lane; i < TM * TK; i += kProducerThreads) {  // load A: consecutive lanes read consecutive k
      int m = i / TK, k = i % TK;
      As[k * TM + m] = (m0 + m < M && k0 + k < K) ? A[size_t(m0 + m) * K + k0 + k] : 0.f;
    }
    for (int i = lane; i < TK * TN; i += kProducerThreads) {  // then load B
      int k = i / TN, n = i % TN;
      Bs[k * TN + n] = (k0 + k < K && n0 + n < N) ? B[size_t(k0 + k) * N + n0 + n] : 0.f;
    }
    (void)filled[slot].arrive();  // the pair is in shared memory
  }
}

template <int TM, int TN, int TK, int D>
__device__ void consume(barrier* filled, barrier* empty, const float* smem, float* C, int M, int N, int K, int m0,
                        int n0, int t) {
  using S = Shape<TM, TN, TK, D>;
  const int ty = t / 16, tx = t % 16;
  float acc[S::kRowsPerThread][S::kColsPerThread] = {};
  for (int slot = 0; slot < D; ++slot) (void)empty[slot].arrive();  // every slot starts empty
  const int stages = (K + TK - 1) / TK;
  for (int s = 0; s < stages; ++s) {
    const int slot = s % D;
    filled[slot].arrive_and_wait();  // the pair of stage s has arrived
    const float* As = smem + slot * S::kSlotFloats;
    const float* Bs = As + TM * TK;
#pragma unroll 4
    for (int k = 0; k < TK; ++k) {
      float a[S::kRowsPerThread], b[S::kColsPerThread];
      for (int i = 0; i < S::kRowsPerThread; ++i) a[i] = As[k * TM + ty + 16 * i];
      for (int j = 0; j < S::kColsPerThread; ++j) b[j] = Bs[k * TN + tx + 16 * j];
      for (int i = 0; i < S::kRowsPerThread; ++i)
        for (int j = 0; j < S::kColsPerThread; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
    }
    if (s + D < stages) (void)empty[slot].arrive();  // release the slot for stage s + D
  }
  // The epilogue: write the output tile.
  for (int i = 0; i < S::kRowsPerThread; ++i)
    for (int j = 0; j < S::kColsPerThread; ++j) {
      int m = m0 + ty + 16 * i, n = n0 + tx + 16 * j;
      if (m < M && n < N) C[size_t(m) * N + n] = acc[i][j];
    }
}

// One CTA per output tile; launch with kThreads threads and S::kSmemBytes of
// dynamic shared memory (raise cudaFuncAttributeMaxDynamicSharedMemorySize
// above 48 KiB).
template <int TM, int TN, int TK, int D>
__global__ void __launch_bounds__(kThreads) ws_gemm(const float* A, const float* B, float* C, int M, int N, int K) {
  extern __shared__ float4 smem4[];
  float* smem = reinterpret_cast<float*>(smem4);
#pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ barrier filled[D], empty[D];
  const int t = threadIdx.x;
  if (t < D) {
    init(&filled[t], kThreads);
    init(&empty[t], kThreads);
  }
  __syncthreads();
  const int m0 = blockIdx.y * TM, n0 = blockIdx.x * TN;
  // Every phase of every barrier sees all kThreads arrivals: the consumers'
  // initial arrivals on `empty` pair with the producer's first waits, and a
  // consumer releases a slot only when a later stage will refill it.
  if (t < kProducerThreads) {
    produce<TM, TN, TK, D>(filled, empty, smem, A, B, M, N, K, m0, n0, t);
  } else {
    consume<TM, TN, TK, D>(filled, empty, smem, C, M, N, K, m0, n0, t - kProducerThreads);
  }
}

// ---- Kernels that time the model's pieces one at a time (seed 001, 4.2) ----

__global__ void empty_kernel() {}

// The producer warp alone loads `reps` A tiles of TM x TK into one slot:
// T_LOAD per tile is (time - empty kernel) / reps. A is K x K; rows and
// columns wrap so any tile size stays inside it.
template <int TM, int TK>
__global__ void load_only(const float* A, int K, int reps, float* sink) {
  extern __shared__ float4 smem4[];
  float* As = reinterpret_cast<float*>(smem4);
  const int lane = threadIdx.x;
  for (int r = 0; r < reps; ++r) {
    const int k0 = r * TK;
    for (int i = lane; i < TM * TK; i += kProducerThreads) {
      int m = i / TK, k = i % TK;
      As[k * TM + m] = A[size_t(m % K) * K + (k0 + k) % K];
    }
    __syncwarp();
  }
  if (lane == 0) sink[blockIdx.x] = As[(reps * 7) % (TM * TK)];  // keep the loads alive
}

// The consumer warps alone multiply one resident tile pair `reps` times:
// T_MATH per tile is (time - empty kernel) / reps.
template <int TM, int TN, int TK>
__global__ void math_only(int reps, float* sink) {
  extern __shared__ float4 smem4[];
  float* As = reinterpret_cast<float*>(smem4);
  float* Bs = As + TM * TK;
  const int t = threadIdx.x, ty = t / 16, tx = t % 16;
  for (int i = t; i < TM * TK + TK * TN; i += kConsumerThreads) As[i] = 1.0f / (1 + i % 7);
  __syncthreads();
  float acc[TM / 16][TN / 16] = {};
  for (int r = 0; r < reps; ++r)
#pragma unroll 4
    for (int k = 0; k < TK; ++k)
      for (int i = 0; i < TM / 16; ++i)
        for (int j = 0; j < TN / 16; ++j) acc[i][j] = fmaf(As[k * TM + ty + 16 * i], Bs[k * TN + tx + 16 * j], acc[i][j]);
  float sum = 0;
  for (int i = 0; i < TM / 16; ++i)
    for (int j = 0; j < TN / 16; ++j) sum += acc[i][j];
  sink[blockIdx.x * kConsumerThreads + t] = sum;
}

// One epilogue: the consumer warps write a TM x TN tile of C.
template <int TM, int TN>
__global__ void epilogue_only(float* C, int N) {
  const int t = threadIdx.x, ty = t / 16, tx = t % 16;
  for (int i = 0; i < TM / 16; ++i)
    for (int j = 0; j < TN / 16; ++j) C[size_t(ty + 16 * i) * N + tx + 16 * j] = float(i + j);
}

}  // namespace wsgemm
