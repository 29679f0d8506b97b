// A GEMM written plainly for sm_90a's warpgroup MMA, for the emulator's
// tests (compile.sh makes the PTX): C = A * B^T with A M x K and B N x K
// (both K-contiguous, f16), one warp group per 64 x 128 tile of C, K in
// tiles of 64 staged by the threads into two shared-memory buffers in the
// 128-byte-swizzled K-major layout wgmma reads, four
// wgmma.mma_async.m64n128k16 per tile chained on one accumulator, the next
// tile staged while the last group is in flight (wgmma.wait_group 1). The
// epilogue writes C three ways: f32 from the accumulator registers, f16
// through stmatrix (row-major) and f16 through stmatrix.trans (C^T).
//
// Variants (compile.sh): -DA_FROM_REGISTERS reads A through ldmatrix into
// registers (wgmma's RS form; it must then wait for each tile's group
// before overwriting them); -DBUG_NO_FINAL_WAIT forgets the wait_group 0
// before the epilogue (the accumulator is read while the last group is in
// flight: the emulator reports it).
#include <cuda_fp16.h>

#include <cstdint>

namespace wgmma_gemm {

constexpr int kTileM = 64, kTileN = 128, kTileK = 64;
constexpr int kABytes = kTileM * kTileK * 2, kBBytes = kTileN * kTileK * 2;  // 8 KiB, 16 KiB

// The byte offset of element (row, k) of a tile in the 128-byte-swizzled
// K-major layout: 128-byte rows of 64 halves, 16-byte chunks XORed with the
// row's index within its 8-row atom (the buffer starts at a 1024-byte boundary).
__device__ __forceinline__ uint32_t swizzled(int row, int k) {
  return row * 128 + ((((k >> 3) ^ row) & 7) << 4) + (k & 7) * 2;
}

// A wgmma matrix descriptor: start address, LBO 16 (unused by swizzled
// K-major layouts), SBO 1024 (the next 8 rows), 128-byte swizzle.
__device__ __forceinline__ uint64_t descriptor(uint32_t shared_address) {
  return uint64_t((shared_address & 0x3ffff) >> 4) | (uint64_t(1) << 16) | (uint64_t(1024 >> 4) << 32) |
         (uint64_t(1) << 62);
}

// Stages one k-tile of A (64 rows) and B (128 rows) into shared memory,
// zero outside the matrices; K must be a multiple of 8.
__device__ void stage(uint8_t* a_tile, uint8_t* b_tile, const __half* A, const __half* B, int M, int N, int K, int m0,
                      int n0, int k0) {
  for (int c = threadIdx.x; c < (kTileM + kTileN) * 8; c += 128) {
    const bool is_a = c < kTileM * 8;
    const int row = (is_a ? c : c - kTileM * 8) / 8, k = (c % 8) * 8;
    const int g_row = (is_a ? m0 : n0) + row, g_k = k0 + k;
    uint4 v = make_uint4(0, 0, 0, 0);
    if (g_row < (is_a ? M : N) && g_k < K) v = *reinterpret_cast<const uint4*>((is_a ? A : B) + size_t(g_row) * K + g_k);
    *reinterpret_cast<uint4*>((is_a ? a_tile : b_tile) + swizzled(row, k)) = v;
  }
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");  // generic-proxy writes, read by wgmma's async proxy
}

__device__ __forceinline__ void fence_operands(float (&acc)[64]) {
#pragma unroll
  for (int i = 0; i < 64; ++i) asm volatile("" : "+f"(acc[i])::"memory");
}

#define WGMMA_D                                                                                                       \
  "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, "  \
  "%24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, "   \
  "%46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}"
#define WGMMA_D_OPERANDS(a)                                                                                           \
  "+f"(a[0]), "+f"(a[1]), "+f"(a[2]), "+f"(a[3]), "+f"(a[4]), "+f"(a[5]), "+f"(a[6]), "+f"(a[7]), "+f"(a[8]),         \
      "+f"(a[9]), "+f"(a[10]), "+f"(a[11]), "+f"(a[12]), "+f"(a[13]), "+f"(a[14]), "+f"(a[15]), "+f"(a[16]),          \
      "+f"(a[17]), "+f"(a[18]), "+f"(a[19]), "+f"(a[20]), "+f"(a[21]), "+f"(a[22]), "+f"(a[23]), "+f"(a[24]),         \
      "+f"(a[25]), "+f"(a[26]), "+f"(a[27]), "+f"(a[28]), "+f"(a[29]), "+f"(a[30]), "+f"(a[31]), "+f"(a[32]),         \
      "+f"(a[33]), "+f"(a[34]), "+f"(a[35]), "+f"(a[36]), "+f"(a[37]), "+f"(a[38]), "+f"(a[39]), "+f"(a[40]),         \
      "+f"(a[41]), "+f"(a[42]), "+f"(a[43]), "+f"(a[44]), "+f"(a[45]), "+f"(a[46]), "+f"(a[47]), "+f"(a[48]),         \
      "+f"(a[49]), "+f"(a[50]), "+f"(a[51]), "+f"(a[52]), "+f"(a[53]), "+f"(a[54]), "+f"(a[55]), "+f"(a[56]),         \
      "+f"(a[57]), "+f"(a[58]), "+f"(a[59]), "+f"(a[60]), "+f"(a[61]), "+f"(a[62]), "+f"(a[63])

__device__ __forceinline__ void mma_ss(float (&acc)[64], uint64_t a_desc, uint64_t b_desc, int accumulate) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 " WGMMA_D ", %64, %65, p, 1, 1, 0, 0;\n}\n"
      : WGMMA_D_OPERANDS(acc)
      : "l"(a_desc), "l"(b_desc), "r"(accumulate));
}

__device__ __forceinline__ void mma_rs(float (&acc)[64], const uint32_t (&a)[4], uint64_t b_desc, int accumulate) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 " WGMMA_D ", {%64, %65, %66, %67}, %68, p, 1, 1, 0;\n}\n"
      : WGMMA_D_OPERANDS(acc)
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(b_desc), "r"(accumulate));
}

__device__ __forceinline__ uint32_t shared_address(const void* p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ uint32_t pack(float lo, float hi) {
  __half2 h = __floats2half2_rn(lo, hi);
  return *reinterpret_cast<uint32_t*>(&h);
}

__global__ void __launch_bounds__(128) gemm(const __half* A, const __half* B, float* C32, __half* C16, __half* C16T,
                                            int M, int N, int K) {
  extern __shared__ uint8_t shared_raw[];
  // Two stages of A and B, each at a 1024-byte boundary (the swizzle's repeat).
  uint8_t* base = shared_raw + ((1024 - (shared_address(shared_raw) & 1023)) & 1023);
  uint8_t* a_tiles[2] = {base, base + kABytes};
  uint8_t* b_tiles[2] = {base + 2 * kABytes, base + 2 * kABytes + kBBytes};
  const int m0 = blockIdx.y * kTileM, n0 = blockIdx.x * kTileN;
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int k_tiles = (K + kTileK - 1) / kTileK;

  float acc[64];
#pragma unroll
  for (int i = 0; i < 64; ++i) acc[i] = 0.0f;

  stage(a_tiles[0], b_tiles[0], A, B, M, N, K, m0, n0, 0);
  for (int t = 0; t < k_tiles; ++t) {
    __syncthreads();  // tile t is in shared memory
    uint8_t* a_tile = a_tiles[t % 2];
    uint8_t* b_tile = b_tiles[t % 2];
#ifdef A_FROM_REGISTERS
    // A's fragments for the four k-steps: ldmatrix.x4 of the warp's 16 rows.
    uint32_t a[4][4];
#pragma unroll
    for (int s = 0; s < 4; ++s) {
      const int row = 16 * warp + (lane / 8 % 2) * 8 + lane % 8, k = 16 * s + (lane / 16) * 8;
      asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                   : "=r"(a[s][0]), "=r"(a[s][1]), "=r"(a[s][2]), "=r"(a[s][3])
                   : "r"(shared_address(a_tile + swizzled(row, k))));
      asm volatile("" : "+r"(a[s][0]), "+r"(a[s][1]), "+r"(a[s][2]), "+r"(a[s][3])::"memory");
    }
#endif
    fence_operands(acc);
    asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#pragma unroll
    for (int s = 0; s < 4; ++s) {
      const uint64_t b_desc = descriptor(shared_address(b_tile) + 32 * s);
#ifdef A_FROM_REGISTERS
      mma_rs(acc, a[s], b_desc, t > 0 || s > 0);
#else
      mma_ss(acc, descriptor(shared_address(a_tile) + 32 * s), b_desc, t > 0 || s > 0);
#endif
    }
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
#ifdef A_FROM_REGISTERS
    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");  // a[][] is rewritten next tile
#else
    asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");  // tile t-1's group is done: its buffers are free
#endif
    fence_operands(acc);
    if (t + 1 < k_tiles)
      stage(a_tiles[(t + 1) % 2], b_tiles[(t + 1) % 2], A, B, M, N, K, m0, n0, (t + 1) * kTileK);
  }
#ifndef BUG_NO_FINAL_WAIT
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
#endif
  fence_operands(acc);

  // f32 straight from the registers: element i of this thread's fragment.
  const int g = lane / 4, q = lane % 4;
#pragma unroll
  for (int i = 0; i < 64; ++i) {
    const int row = m0 + 16 * warp + g + 8 * ((i / 2) % 2), col = n0 + 8 * (i / 4) + 2 * q + i % 2;
    if (row < M && col < N) C32[size_t(row) * N + col] = acc[i];
  }

  // f16 through stmatrix: each warp stores its 16 rows, 16 columns at a time
  // (four 8x8 matrices), into a 64 x 128 tile and its transpose.
  __syncthreads();  // every warp is done with the stage buffers
  __half* tile = reinterpret_cast<__half*>(base);               // 64 x 128, row-major
  __half* tile_t = reinterpret_cast<__half*>(base + 2 * kABytes);  // 128 x 64, C^T
#pragma unroll
  for (int j = 0; j < 8; ++j) {
    const uint32_t r0 = pack(acc[8 * j], acc[8 * j + 1]), r1 = pack(acc[8 * j + 2], acc[8 * j + 3]);
    const uint32_t r2 = pack(acc[8 * j + 4], acc[8 * j + 5]), r3 = pack(acc[8 * j + 6], acc[8 * j + 7]);
    const int matrix = lane / 8, r = lane % 8;
    const int row = 16 * warp + (matrix % 2) * 8 + r, col = 16 * j + (matrix / 2) * 8;
    asm volatile("stmatrix.sync.aligned.x4.m8n8.shared.b16 [%0], {%1, %2, %3, %4};" ::"r"(
                     shared_address(tile + row * kTileN + col)),
                 "r"(r0), "r"(r1), "r"(r2), "r"(r3)
                 : "memory");
    // Transposed: lane 8m + r names row r of matrix m's transpose, i.e.
    // column (col0 + r) of C, rows row0..row0+7.
    const int t_row = 16 * j + (matrix / 2) * 8 + r, t_col = 16 * warp + (matrix % 2) * 8;
    asm volatile("stmatrix.sync.aligned.x4.trans.m8n8.shared.b16 [%0], {%1, %2, %3, %4};" ::"r"(
                     shared_address(tile_t + t_row * kTileM + t_col)),
                 "r"(r0), "r"(r1), "r"(r2), "r"(r3)
                 : "memory");
  }
  __syncthreads();
  for (int e = threadIdx.x; e < kTileM * kTileN; e += 128) {
    const int r = e / kTileN, c = e % kTileN;
    if (m0 + r < M && n0 + c < N) C16[size_t(m0 + r) * N + n0 + c] = tile[e];
    const int tr = e / kTileM, tc = e % kTileM;  // C^T: N x M
    if (n0 + tr < N && m0 + tc < M) C16T[size_t(n0 + tr) * M + m0 + tc] = tile_t[e];
  }
}

}  // namespace wgmma_gemm
