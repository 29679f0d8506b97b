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
  using half = cutlass::half_t;
  const Problem& p = l.problem;
  // Small integers (|A*B| sums stay below 2^11): exact in f32 and in f16.
  Buffer& a = add_buffer(l, "A", "f16", 2, texts(small_values(uint64_t(p.m) * p.k, -2, 2, 1, p.seed)));
  Buffer& b = add_buffer(l, "B", "f16", 2, texts(small_values(uint64_t(p.n) * p.k, -2, 2, 1, p.seed + 1)));
  Buffer& c = add_buffer(l, "C", "f16", 2, texts(small_values(uint64_t(p.m) * p.n, -4, 4, 0.5, p.seed + 2)));
  Buffer& d = add_buffer(l, "D", "f16", 2, std::vector<std::string>(uint64_t(p.m) * p.n, "0"), true);
  auto stride_a = cutlass::make_cute_packed_stride(typename GemmKernel::StrideA{}, {p.m, p.k, 1});
  auto stride_b = cutlass::make_cute_packed_stride(typename GemmKernel::StrideB{}, {p.n, p.k, 1});
  auto stride_c = cutlass::make_cute_packed_stride(typename GemmKernel::StrideC{}, {p.m, p.n, 1});
  auto stride_d = cutlass::make_cute_packed_stride(typename GemmKernel::StrideD{}, {p.m, p.n, 1});
  cutlass::KernelHardwareInfo hw;
  hw.sm_count = p.sm_count;
  typename GemmKernel::Arguments args{
      cutlass::gemm::GemmUniversalMode::kGemm,
      {p.m, p.n, p.k, 1},
      {device_pointer<half>(a), stride_a, device_pointer<half>(b), stride_b},
      {{float(p.alpha), float(p.beta)}, device_pointer<half>(c), stride_c, device_pointer<half>(d), stride_d},
      hw};
  describe<GemmKernel>(l, args);
  l.notes.push_back("A: M x K row-major f16; B: K x N column-major f16; C, D: M x N column-major f16");
}

}  // namespace warpsat_host
