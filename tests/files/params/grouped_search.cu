// A grouped-problem search (CUTLASS 57's group scheduler, small) before a
// warp-group role dispatch: fixed-param-reason.test. Compiled by
// nvcc 13: nvcc -arch=sm_90a -lineinfo -ptx grouped_search.cu -o grouped_search.sm_90a.ptx
struct Shape { int m, n, k; };
__global__ void __launch_bounds__(384) grouped(const Shape* shapes, int groups, int tiles_per, float* out) {
  int wg = __shfl_sync(0xffffffffu, threadIdx.x / 128, 0);
  int tile = blockIdx.x, g = 0, start = 0;
  while (g < groups) {                       // find the tile's group
    int t = (shapes[g].m / 128) * (shapes[g].n / 64);
    if (tile < start + t) break;
    start += t; ++g;
  }
  if (g >= groups) return;
  if (wg == 0) {                             // producer
    if (threadIdx.x % 32 == 0) out[tile] = shapes[g].k;
  } else {                                   // consumers
    float acc = 0;
    for (int k = 0; k < shapes[g].k; k += 64) acc += k * (wg + 1);
    if (threadIdx.x < 160) out[tile * 4 + wg] = acc;
  }
}
