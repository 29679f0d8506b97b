// A __noinline__ device function with a loop and ifs of its own, called
// from a kernel with a thread-dependent argument: its branches live in a
// .func body, not in the kernel's.
__device__ __noinline__ unsigned digits_below(unsigned x, unsigned limit) {
  unsigned count = 0;
  for (unsigned i = 0; i < limit; ++i) {
    if (x % 10u == 7u) ++count;
    x /= 10u;
    if (x == 0u) break;
  }
  return count;
}

__global__ void noinline_kernel(unsigned* out, unsigned n, unsigned limit) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  unsigned c = digits_below(t, limit);
  if (threadIdx.x < 16u) c += digits_below(n, limit);
  out[t] = c;
}
