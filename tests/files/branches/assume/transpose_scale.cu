// New-user trial, fourteenth session (tests/files/branches/assume/transpose-trial.test):
// a tiled transpose with partial-tile guards, a per-row scale read
// through an index buffer, flag bits and a warp vote.
extern "C" __global__ void __launch_bounds__(256)
transpose_scale(const float* in, float* out, const int* row_scale, int rows, int cols, int flag) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += blockDim.y)
    if (x < cols && y + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += blockDim.y) {
    if (x < rows && y + j < cols) {
      float v = tile[threadIdx.x][threadIdx.y + j];
      if (flag & 1) v *= (float)row_scale[x];
      out[(y + j) * rows + x] = v;
    }
  }
  unsigned any = __ballot_sync(0xffffffffu, x < rows);
  if (threadIdx.x == 0 && any != 0xffffffffu && (flag & 2)) out[0] = 0.0f;
}
