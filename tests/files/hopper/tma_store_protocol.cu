// Threads fill a 32 x 8 float tile with ordinary shared stores; one thread
// stores it to tensor map `out` at (0, 0) with TMA.
//   mode 0: right: each writer's fence.proxy.async, a barrier, the store,
//           and cp.async.bulk.wait_group.read before the tile is written again
//   mode 1: no fence.proxy.async: the TMA (async proxy) may read stale data
//   mode 2: the tile is written again (after a barrier that orders the
//           writes after the store's issue) before the wait_group.read
//   mode 3: right, with a TMA reduce-add instead of a store
#include "hopper_ptx.cuh"

using namespace hopper;

extern "C" __global__ void __launch_bounds__(128) tma_store_protocol(const __grid_constant__ CUtensorMap out, int mode) {
  __shared__ alignas(128) float tile[32 * 8];
  for (int i = threadIdx.x; i < 32 * 8; i += blockDim.x) tile[i] = 0.5f * i;
  if (mode != 1) fence_view_async_shared();
  __syncthreads();
  if (threadIdx.x == 0) {
    if (mode == 3) tma_reduce_add_2d(&out, tile, 0, 0);
    else tma_store_2d(&out, tile, 0, 0);
    tma_store_commit();
  }
  if (mode == 2) {
    __syncthreads();
    tile[threadIdx.x] = -1.0f;
  }
  if (threadIdx.x == 0) tma_store_wait_read();
  __syncthreads();
  tile[threadIdx.x] = 1.0f;
}
