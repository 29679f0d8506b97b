// The INT8 ping-pong kernel of examples/cutlass/src/int8_pingpong_c1x1.cu
// (s8 x s8 -> s32, tile 128x128x128, cluster 1x1x1, TMA epilogue), included
// as it is, so GemmKernel is the kernel of
// examples/cutlass/ptx/int8_pingpong_c1x1.ptx.
#define WARPSAT_CUTLASS_HOST_ONLY  // sm90_gemm.h: no device kernel instantiated
#include "../src/int8_pingpong_c1x1.cu"
#include "cutlass/util/packed_stride.hpp"
#include "describe.h"
#include "kernels.h"

namespace warpsat_host {

void make_int8_pingpong(KernelLaunch& l) {
  using GemmKernel = warpsat_cutlass::GemmKernel;
  const Problem& p = l.problem;
  // C of small integers (s32): alpha * acc + beta * C is computed in f32 by
  // the epilogue and rounded to the nearest s32 (ties to even).
  TnOperands<GemmKernel> o = tn_operands<GemmKernel>(l, "s8", 1, texts, "s32", 4, 1.0);
  typename GemmKernel::Arguments args{
      cutlass::gemm::GemmUniversalMode::kGemm,
      {p.m, p.n, p.k, p.batches},
      {device_pointer<int8_t>(*o.a), o.stride_a, device_pointer<int8_t>(*o.b), o.stride_b},
      {{float(p.alpha), float(p.beta)}, device_pointer<int32_t>(*o.c), o.stride_c, device_pointer<int32_t>(*o.d),
       o.stride_d},
      hardware(p)};
  beta_per_batch<GemmKernel>(l, args);
  describe<GemmKernel>(l, args);
  l.notes.push_back("A: M x K row-major s8; B: K x N column-major s8; C, D: M x N column-major s32");
}

}  // namespace warpsat_host
