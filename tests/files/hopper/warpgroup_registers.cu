// Three warp groups, as CUTLASS's warp-specialized kernels run them: the
// producer gives registers back (setmaxnreg.dec 40), the two consumer
// groups ask for more, then all meet at a barrier.
//   mode 0: consumers ask for 232: 128 x 40 + 256 x 232 = 64,512 registers fit the SM's 65,536
//   mode 1: consumers ask for 256: 70,656 do not; on a GPU the last .inc waits forever
#include <cstdint>

extern "C" __global__ void __launch_bounds__(384, 1) warpgroup_registers(uint32_t* out, int mode) {
  const int group = threadIdx.x / 128;
  if (group == 0) {
    asm volatile("setmaxnreg.dec.sync.aligned.u32 40;\n" : :);
  } else if (mode == 0) {
    asm volatile("setmaxnreg.inc.sync.aligned.u32 232;\n" : :);
  } else {
    asm volatile("setmaxnreg.inc.sync.aligned.u32 256;\n" : :);
  }
  __syncthreads();
  out[threadIdx.x] = group;
}
