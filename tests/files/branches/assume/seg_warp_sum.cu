// New-user trial, fifteenth session (seg-warp-trial.test): a warp-per-segment
// sum; each warp walks its segment lane by lane, lane 0 writes, and a segment
// cut short by n is flagged.
__global__ void seg_warp_sum(const float* __restrict__ in, float* out, int* cut, unsigned n, unsigned seg_len) {
  unsigned warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x % 32;
  unsigned base = warp * seg_len;
  if (base >= n) return;
  float acc = 0.f;
  for (unsigned i = lane; i < seg_len; i += 32) {
    if (base + i >= n) break;
    acc += in[base + i];
  }
  for (int o = 16; o > 0; o >>= 1) acc += __shfl_down_sync(0xffffffff, acc, o);
  if (lane == 0) out[warp] = acc;
  if (base + seg_len > n && lane < (n - base) % 32) cut[warp] = 1;
}
