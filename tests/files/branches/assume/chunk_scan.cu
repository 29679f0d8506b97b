// A new user's kernel, written for the seventeenth session's trial: a
// chunked count whose buffers and sizes arrive in a struct by value, with a
// flag that a CTA publishes for the next one (a tiny look-back).
struct Args {
  const int* in;
  int* out;
  int* flags;
  unsigned n;        // items
  unsigned chunk;    // items per CTA
  long long base;    // an offset added to every output index
};

extern "C" __global__ void __launch_bounds__(128) chunk_scan(Args a, int threshold) {
  unsigned t = threadIdx.x;
  unsigned first = blockIdx.x * a.chunk;
  if (first >= a.n) return;                       // uniform: block-level
  unsigned end = min(first + a.chunk, a.n);
  int count = 0;
  for (unsigned i = first + t; i < end; i += blockDim.x)   // divergent on a partial chunk
    if (a.in[i] > threshold) ++count;              // data: divergent
  __shared__ int s[128];
  s[t] = count;
  __syncthreads();
  if (t == 0) {                                    // divergent
    int total = 0;
    for (unsigned j = 0; j < blockDim.x; ++j) total += s[j];
    int prev = 0;
    if (blockIdx.x > 0) {                          // uniform within the warp (one lane)
      while (atomicAdd(&a.flags[blockIdx.x - 1], 0) == 0) {}
      prev = a.out[a.base + blockIdx.x - 1];
    }
    a.out[a.base + blockIdx.x] = prev + total;
    __threadfence();
    atomicExch(&a.flags[blockIdx.x], 1);
  }
  if (threshold > 1000)                            // uniform: a parameter
    a.out[a.base + t] = 0;
}
