// The project's own warp-specialized GEMM for sm_90a, written plainly: the
// kernel seed 001's model describes, as CUTLASS 3 builds it. D = A * B^T
// with A M x K and B N x K (both K-contiguous f16), D M x N f32.
//
// - A 2x1 cluster along x: the two CTAs of a cluster compute the 128-row
//   tiles m0 and m0 + 128 of the same 64 columns of D, so they share B's
//   tile: each CTA's producer loads one half (32 rows) of it and multicasts
//   that half into both CTAs' shared memory.
// - Warp group 0 is the producer: one elected thread of warp 0 issues the
//   TMA loads. Warp groups 1 and 2 are consumers: each multiplies its 64
//   rows of the tile with four wgmma.mma_async.m64n64k16 per k-tile.
// - A circular buffer of kStages stages, each guarded by two mbarriers:
//   `full` (1 arrival, the producer's arrive.expect_tx, plus the bytes of A
//   and both halves of B) and `empty` (one arrival per consumer warp group
//   of each CTA of the cluster: a peer's multicast writes into this CTA's
//   stage, so the stage is free only when both CTAs' consumers are done).
// - setmaxnreg: the producer gives registers back, the consumers take them.
// - The epilogue: each consumer warp group writes its accumulators to
//   shared memory, fences them to the async proxy and TMA-stores its 64 x 64
//   box of D (the tensor map clips partial tiles).
//
// Every load is a whole box: out-of-bounds rows and columns are zero-filled
// and still counted in the transaction bytes, so M, N and K need not be
// multiples of the tile (K and N multiples of 8 and 4 for the maps' strides).
//
// Seeded bugs (compile.sh makes one PTX file per macro; bugs/ holds their
// tests): BUG_EXPECT_TX, BUG_PARITY, BUG_NO_RELEASE, BUG_STAGES,
// BUG_NO_PROXY_FENCE, BUG_NO_WAIT_GROUP, BUG_SETMAXNREG, BUG_NO_INIT_FENCE,
// BUG_ARRIVAL_COUNT, BUG_NO_ARRIVE. Each is marked "seeded:" at its line.
#include "hopper_ptx.cuh"

using namespace hopper;

namespace ws {

constexpr int kBlockM = 128, kBlockN = 64, kBlockK = 64, kStages = 3, kConsumers = 2;
constexpr int kABytes = kBlockM * kBlockK * 2;  // 16 KiB
constexpr int kBBytes = kBlockN * kBlockK * 2;  // 8 KiB, two halves of 4 KiB
#ifdef BUG_STAGES
constexpr int kConsumerStages = kStages - 1;  // seeded: the consumers think the ring has two stages
#else
constexpr int kConsumerStages = kStages;
#endif

struct alignas(1024) SharedStorage {
  uint8_t a[kStages][kABytes];  // 128B-swizzled K-major, as wgmma reads it
  uint8_t b[kStages][kBBytes];
  float d[kConsumers][64 * kBlockN];  // the epilogue's tiles, row-major
  uint64_t full[kStages], empty[kStages];
};

__device__ __forceinline__ uint64_t descriptor(const void* p) {
  // Start address, LBO 16 (unused when swizzled), SBO 1024 (the next 8 rows), 128B swizzle.
  return uint64_t((smem(p) & 0x3ffff) >> 4) | (uint64_t(1) << 16) | (uint64_t(1024 >> 4) << 32) | (uint64_t(1) << 62);
}

__device__ __forceinline__ void fence_operands(float (&acc)[32]) {
#pragma unroll
  for (int i = 0; i < 32; ++i) asm volatile("" : "+f"(acc[i])::"memory");
}

__device__ __forceinline__ void mma(float (&d)[32], uint64_t a, uint64_t b, int accumulate) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 "
      "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 0;\n}\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]),
        "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]),
        "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]),
        "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31])
      : "l"(a), "l"(b), "r"(accumulate));
}

__device__ __forceinline__ void wgmma_fence() { asm volatile("wgmma.fence.sync.aligned;" ::: "memory"); }
__device__ __forceinline__ void wgmma_commit() { asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory"); }
template <int N>
__device__ __forceinline__ void wgmma_wait() {
  asm volatile("wgmma.wait_group.sync.aligned %0;" ::"n"(N) : "memory");
}
template <int N>
__device__ __forceinline__ void setmaxnreg_inc() {
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;" ::"n"(N));
}
template <int N>
__device__ __forceinline__ void setmaxnreg_dec() {
  asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;" ::"n"(N));
}
__device__ __forceinline__ void named_barrier_sync(int id, int threads) {
  asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(threads) : "memory");
}

// A consumer warp group is done reading `stage`: its first thread arrives on
// the stage's empty barrier in both CTAs of the cluster.
__device__ __forceinline__ void release(SharedStorage& s, int stage, uint32_t peer) {
  arrive(&s.empty[stage]);
  arrive_remote(&s.empty[stage], peer);
}

__global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(384, 1)
    ws_gemm(const __grid_constant__ CUtensorMap tma_a, const __grid_constant__ CUtensorMap tma_b,
            const __grid_constant__ CUtensorMap tma_d, int M, int N, int K) {
  extern __shared__ uint8_t shared_raw[];
  SharedStorage& s = *reinterpret_cast<SharedStorage*>(shared_raw + ((1024 - (smem(shared_raw) & 1023)) & 1023));
  const int warp_group = threadIdx.x / 128, thread = threadIdx.x % 128;
  const uint32_t rank = cluster_ctarank(), peer = rank ^ 1;
  const int m0 = blockIdx.x * kBlockM, n0 = blockIdx.y * kBlockN;
  const int k_tiles = (K + kBlockK - 1) / kBlockK;

  if (threadIdx.x == 0) {
    for (int i = 0; i < kStages; ++i) {
      mbarrier_init(&s.full[i], 1);
#ifdef BUG_ARRIVAL_COUNT
      mbarrier_init(&s.empty[i], kConsumers);  // seeded: counts this CTA's consumers, not the cluster's
#else
      mbarrier_init(&s.empty[i], kConsumers * 2);
#endif
    }
#ifndef BUG_NO_INIT_FENCE
    fence_barrier_init();
#endif
  }
#ifdef BUG_NO_INIT_FENCE
  // seeded: no fence.mbarrier_init and no cluster barrier: the peer may
  // multicast into, or arrive on, barriers not yet initialised
#else
  cluster_sync();  // both CTAs' barriers exist before any multicast or remote arrive
#endif

  if (warp_group == 0) {
    setmaxnreg_dec<40>();
    if (threadIdx.x / 32 == 0 && elect_one_sync()) {
      prefetch_tma_descriptor(&tma_a);
      prefetch_tma_descriptor(&tma_b);
      for (int kt = 0; kt < k_tiles; ++kt) {
        const int stage = kt % kStages;
        const uint32_t phase = (kt / kStages) & 1;
        wait(&s.empty[stage], phase ^ 1);  // the first round passes: the phase before the first
#ifdef BUG_EXPECT_TX
        arrive_expect_tx(&s.full[stage], kABytes + kBBytes / 2);  // seeded: forgets the peer's multicast half
#elif defined(BUG_NO_ARRIVE)
        expect_tx(&s.full[stage], kABytes + kBBytes);  // seeded: an expect_tx without its arrive
#else
        arrive_expect_tx(&s.full[stage], kABytes + kBBytes);
#endif
        tma_load_2d(s.a[stage], &s.full[stage], &tma_a, kt * kBlockK, m0);
        tma_load_2d_multicast(s.b[stage] + rank * (kBBytes / 2), &s.full[stage], &tma_b, kt * kBlockK,
                              n0 + rank * (kBlockN / 2), 0x3);
      }
    }
  } else {
#ifdef BUG_SETMAXNREG
    setmaxnreg_inc<248>();  // seeded: 2 x 128 x 248 + 128 x 40 registers are more than the SM's 65536
#else
    setmaxnreg_inc<232>();
#endif
    const int consumer = warp_group - 1, warp = thread / 32, lane = thread % 32;
    float acc[32];
#pragma unroll
    for (int i = 0; i < 32; ++i) acc[i] = 0.0f;
    for (int kt = 0; kt < k_tiles; ++kt) {
      const int stage = kt % kConsumerStages;
#ifdef BUG_PARITY
      const uint32_t phase = kt & 1;  // seeded: the parity of the loop index, not of the ring's round
#else
      const uint32_t phase = (kt / kConsumerStages) & 1;
#endif
      wait(&s.full[stage], phase);
      fence_operands(acc);
      wgmma_fence();
#pragma unroll
      for (int k = 0; k < 4; ++k)
        mma(acc, descriptor(s.a[stage] + consumer * 64 * 128 + 32 * k), descriptor(s.b[stage] + 32 * k), kt > 0 || k > 0);
      wgmma_commit();
      wgmma_wait<1>();  // the previous k-tile's MMAs are done: its stage may be refilled
      fence_operands(acc);
#ifndef BUG_NO_RELEASE
      if (kt > 0 && thread == 0) release(s, (kt - 1) % kConsumerStages, peer);
#endif
    }
#ifndef BUG_NO_WAIT_GROUP
    wgmma_wait<0>();
#endif
    fence_operands(acc);

    // Epilogue: the accumulators to shared memory (generic proxy), then TMA.
    float* d = s.d[consumer];
    const int g = lane / 4, q = lane % 4;
#pragma unroll
    for (int i = 0; i < 32; ++i)
      d[(16 * warp + g + 8 * ((i / 2) % 2)) * kBlockN + 8 * (i / 4) + 2 * q + i % 2] = acc[i];
#ifndef BUG_NO_PROXY_FENCE
    fence_view_async_shared();  // the threads' writes, visible to the TMA store's async proxy
#endif
    named_barrier_sync(1 + consumer, 128);
    if (thread == 0) {
      tma_store_2d(&tma_d, d, n0, m0 + 64 * consumer);
      tma_store_commit();
      tma_store_wait_read();
    }
  }
  // No CTA leaves while its peer may still multicast into it or arrive on its barriers.
  cluster_sync();
}

}  // namespace ws
