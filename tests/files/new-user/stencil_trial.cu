// New-user trial, twenty-second session: row-parity work split by a width
// that the caller promises is a multiple of 32, a halo test, a rare mode.
__global__ void stencil(const float* in, float* out, int n, int width, int mode, int halo) {
  __shared__ float s[1024];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  int row = t / width;
  float v = g < n ? in[g] : 0.0f;           // bounds: splits in the last block
  if (row & 1) v = -v;                       // uniform when width % 32 == 0
  s[t] = v;
  __syncthreads();
  if (t < halo) v += s[(t + 1) % blockDim.x];  // uniform when halo % 32 == 0
  if (mode == 7 && n == 3 * width + 1) {     // rare: a launch made up seldom takes it
    if (s[0] > 0.0f) v *= 2.0f;              // s[0]: one value after the barrier
  }
  for (int k = 0; k < halo; k += 32)         // loop bound: a parameter
    if (s[(t + k) % blockDim.x] > 0.5f) v += 1.0f;  // data: splits
  if (g < n) out[g] = v;
}
