// New-user trial, eleventh session (tests/files/branches/assume/runs-trial.test):
// a warp that counts runs of equal items,
// a parameter loop, a stride test and a shared-memory broadcast.
__global__ __launch_bounds__(128) void runs_kernel(const int* in, int* out, int n, int stride, int mode) {
  int t = threadIdx.x + blockIdx.x * blockDim.x;
  int lane = threadIdx.x & 31;
  int v = t < n ? in[t] : -1;
  int prev = __shfl_up_sync(0xffffffff, v, 1);
  bool head = lane == 0 || prev != v;
  unsigned heads = __ballot_sync(0xffffffff, head);
  int runs = __popc(heads);
  int acc = 0;
  if (runs > 16) acc += 1;                          // one count per warp
  if (head && t < n) acc += 2;                      // per item
  if (mode == 3)
    for (int i = 0; i < stride; ++i) acc += i;      // parameters only
  if (stride > 0 && t % stride == 0) acc += 5;      // uniform iff stride == 1
  if (n - (int)(blockIdx.x * blockDim.x) < 32) acc -= 1;  // per block
  __shared__ int s[128];
  s[threadIdx.x] = v;
  __syncthreads();
  if (s[0] == v) acc += 7;                          // data
  if (t < n) out[t] = acc;
}
