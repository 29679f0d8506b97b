// One CTA loads the box of tensor map `in` at (x, y) into shared memory with
// TMA, copies the shared bytes as they lie (swizzled as `in` says) to `raw`,
// and stores the box to tensor map `out` at the same coordinates (TMA store,
// bulk async-group). `expect_bytes` is what the producer's
// arrive.expect_tx announces: the box's bytes when the kernel is right.
#include "hopper_ptx.cuh"

using namespace hopper;

extern "C" __global__ void __launch_bounds__(128) tma_roundtrip(const __grid_constant__ CUtensorMap in,
                                                                 const __grid_constant__ CUtensorMap out,
                                                                 uint32_t* raw, int x, int y,
                                                                 uint32_t expect_bytes, uint32_t raw_words) {
  __shared__ alignas(1024) uint32_t tile[2048];
  __shared__ alignas(8) uint64_t full;
  if (threadIdx.x == 0) {
    prefetch_tma_descriptor(&in);
    mbarrier_init(&full, 1);
    fence_barrier_init();
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    arrive_expect_tx(&full, expect_bytes);
    tma_load_2d(tile, &full, &in, x, y);
  }
  wait(&full, 0);
  for (uint32_t i = threadIdx.x; i < raw_words; i += blockDim.x) raw[i] = tile[i];
  __syncthreads();
  if (threadIdx.x == 0) {
    tma_store_2d(&out, tile, x, y);
    tma_store_commit();
    tma_store_wait_read();
  }
}
