// The BF16 cooperative kernel of examples/cutlass/src/bf16_cooperative_c2x1.cu
// (tile 128x128x64, cluster 2x1x1, TMA epilogue), included as it is, so
// GemmKernel is the kernel of examples/cutlass/ptx/bf16_cooperative_c2x1.ptx.
#define WARPSAT_CUTLASS_HOST_ONLY  // sm90_gemm.h: no device kernel instantiated
#include "../src/bf16_cooperative_c2x1.cu"
#include "cutlass/util/packed_stride.hpp"
#include "describe.h"
#include "kernels.h"

namespace warpsat_host {

void make_bf16_cooperative(KernelLaunch& l) {
  using GemmKernel = warpsat_cutlass::GemmKernel;
  typename GemmKernel::Arguments args = f16_tn_arguments<GemmKernel, cutlass::bfloat16_t>(l, "bf16");
  describe<GemmKernel>(l, args);
  l.notes.push_back(kBF16TnLayout);
}

}  // namespace warpsat_host
