// A shared-memory tree reduction of 128 words, compiled to reduce.sm_80.ptx
// (committed) by:
//   nvcc -ptx -O3 -std=c++17 -arch=sm_80 -lineinfo reduce.cu -o reduce.sm_80.ptx
// with the absolute path of its .file directive made relative to the
// repository (as scripts/generate_ptx.sh does).
// reduce_racy forgets the barrier inside the loop (a race from stride 32 on,
// where warp 0 reads what warp 1 wrote one step before); reduce_fixed has it.
extern "C" __global__ void reduce_racy(const unsigned* in, unsigned* out) {
  __shared__ unsigned s[128];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (unsigned stride = 64; stride > 0; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
  }
  if (t == 0) *out = s[0];
}

extern "C" __global__ void reduce_fixed(const unsigned* in, unsigned* out) {
  __shared__ unsigned s[128];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (unsigned stride = 64; stride > 0; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) *out = s[0];
}
