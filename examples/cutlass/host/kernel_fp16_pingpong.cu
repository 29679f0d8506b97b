// The FP16 ping-pong kernel of examples/cutlass/src/fp16_pingpong_c1x1.cu
// (tile 64x128x64, cluster 1x1x1, TMA epilogue), included as it is, so
// GemmKernel is the kernel of examples/cutlass/ptx/fp16_pingpong_c1x1.ptx.
#define WARPSAT_CUTLASS_HOST_ONLY  // sm90_gemm.h: no device kernel instantiated
#include "../src/fp16_pingpong_c1x1.cu"
#include "cutlass/util/packed_stride.hpp"
#include "describe.h"
#include "kernels.h"

namespace warpsat_host {

void make_fp16_pingpong(KernelLaunch& l) {
  using GemmKernel = warpsat_cutlass::GemmKernel;
  typename GemmKernel::Arguments args = f16_tn_arguments<GemmKernel>(l);
  describe<GemmKernel>(l, args);
  l.notes.push_back(kF16TnLayout);
}

}  // namespace warpsat_host
