// New-user trial, stop 43: a segmented sum with a producer warp that stages
// the segment bounds, lanes beyond the segment idle, and a data test.
__global__ void segsum(const int* __restrict__ in, const int* __restrict__ starts, int* out, int n, int seg, int nseg) {
  __shared__ int bounds[2];
  __shared__ int partial[32];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int s = blockIdx.x;
  if (s >= nseg) return;                         // uniform: block-level
  if (warp == 0 && lane < 2) bounds[lane] = starts[s + lane];
  __syncthreads();
  int lo = bounds[0], hi = min(bounds[1], n);
  int acc = 0;
  for (int i = lo + threadIdx.x; i < hi; i += blockDim.x) {
    int v = in[i];
    if (v > 0) acc += v;                         // data-dependent
  }
  if (lane < seg) acc += 1;                      // divergent when 0 < seg < 32
  for (int o = 16; o > 0; o >>= 1) acc += __shfl_down_sync(0xffffffff, acc, o);
  if (lane == 0) partial[warp] = acc;
  __syncthreads();
  if (warp == 0) {                               // uniform per warp
    int v = lane < blockDim.x / 32 ? partial[lane] : 0;
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o);
    if (lane == 0) out[s] = v;
  }
}
