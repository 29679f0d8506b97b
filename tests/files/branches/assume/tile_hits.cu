// A user's tiled kernel, written for the eighteenth session's trial: one tile
// of 512 items per CTA, a tile count beside the item count (as the host
// computes them), a partial last tile, a per-CTA count in shared memory and
// a test of a scalar parameter.
constexpr int kTile = 512;
__global__ void __launch_bounds__(128) tile_hits(const int* in, int* out, int n, int num_tiles, int threshold) {
  __shared__ int hits;
  const int tile = blockIdx.x;
  const int base = tile * kTile;
  if (threadIdx.x == 0) hits = 0;
  __syncthreads();
  if (tile < num_tiles - 1) {
    for (int i = threadIdx.x; i < kTile; i += blockDim.x)
      if (in[base + i] > threshold) atomicAdd(&hits, 1);
  } else if (tile == num_tiles - 1) {
    const int remaining = n - base;
    for (int i = threadIdx.x; i < kTile; i += blockDim.x)
      if (i < remaining && in[base + i] > threshold) atomicAdd(&hits, 1);
  }
  __syncthreads();
  if (hits > threshold && threadIdx.x < 32) out[tile * 32 + threadIdx.x] = hits + (int)threadIdx.x;
}
