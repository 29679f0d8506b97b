// New-user trial kernels (eighth session review; refine-replay-params.test):
// parameter-dependent bounds,
// a shared broadcast of a count, a strided loop, a segment test.
__global__ void segments(const int* in, int* out, int n, int seg) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;                       // tail
  int s = threadIdx.x / seg;                // segment within the block
  if (s % 2 == 0) out[i] = in[i] * 2;       // uniform iff seg multiple of 32
  else out[i] = in[i] + 1;
}

__global__ void tile_count(const int* in, int* out, int n, int tile) {
  __shared__ int valid;
  if (threadIdx.x == 0) valid = min(tile, n - (int)blockIdx.x * tile);
  __syncthreads();
  int acc = 0;
  for (int k = threadIdx.x; k < valid; k += blockDim.x) acc += in[blockIdx.x * tile + k];
  if (threadIdx.x < valid) out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

__global__ void warp_sum(const float* in, float* out, int n, int lanes) {
  float v = threadIdx.x < n ? in[threadIdx.x] : 0.f;
  for (int o = lanes / 2; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
  if ((threadIdx.x & (lanes - 1)) == 0) out[threadIdx.x / lanes] = v;
}
