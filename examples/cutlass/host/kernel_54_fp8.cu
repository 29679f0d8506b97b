// CUTLASS example 54's FP8 GEMM (examples/54_hopper_fp8_warp_specialized_gemm):
// e4m3 x e4m3 -> f32 accumulators, e4m3 C and D, the cooperative schedule,
// tile 128x128x128, cluster 1x2x1, a TMA epilogue computing
//   Z = scale_a*scale_b*alpha*acc + scale_c*beta*C + bias (per row),
//   D = scale_d*ReLU(Z), Aux = scale_aux*Z (e4m3), amax_D, amax_aux.
// The configuration is the example's, restated (its .cu holds a main), so
// GemmKernel is the kernel of examples/cutlass/ptx/54_hopper_fp8_warp_specialized_gemm.ptx.
#include "cutlass/epilogue/collective/collective_builder.hpp"
#include "cutlass/epilogue/fusion/operations.hpp"
#include "cutlass/gemm/collective/collective_builder.hpp"
#include "cutlass/gemm/kernel/gemm_universal.hpp"
#include <stdexcept>

#include "describe.h"
#include "kernels.h"

namespace {

using namespace cute;

using ElementA = cutlass::float_e4m3_t;
using LayoutA = cutlass::layout::RowMajor;
constexpr int AlignmentA = 128 / cutlass::sizeof_bits<ElementA>::value;
using ElementB = cutlass::float_e4m3_t;
using LayoutB = cutlass::layout::ColumnMajor;
constexpr int AlignmentB = 128 / cutlass::sizeof_bits<ElementB>::value;
using ElementC = cutlass::float_e4m3_t;
using LayoutC = cutlass::layout::ColumnMajor;
constexpr int AlignmentC = 128 / cutlass::sizeof_bits<ElementC>::value;
using ElementD = ElementC;
using LayoutD = LayoutC;
constexpr int AlignmentD = AlignmentC;
using ElementAux = ElementC;
using LayoutAux = LayoutC;
using ElementAmax = float;
using ElementBias = float;
using ElementAccumulator = float;
using ElementCompute = float;
using TileShape = Shape<_128, _128, _128>;
using ClusterShape = Shape<_1, _2, _1>;
using KernelSchedule = cutlass::gemm::KernelTmaWarpSpecializedCooperative;
using EpilogueSchedule = cutlass::epilogue::TmaWarpSpecializedCooperative;
using FusionOperation = cutlass::epilogue::fusion::ScaledLinCombPerRowBiasEltActAmaxAux<
    LayoutAux, cutlass::epilogue::thread::ReLU, ElementD, ElementCompute, ElementAux, ElementAmax, ElementBias, ElementC>;

using CollectiveEpilogue = typename cutlass::epilogue::collective::CollectiveBuilder<
    cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, TileShape, ClusterShape,
    cutlass::epilogue::collective::EpilogueTileAuto, ElementAccumulator, ElementCompute, ElementC, LayoutC, AlignmentC,
    ElementD, LayoutD, AlignmentD, EpilogueSchedule, FusionOperation>::CollectiveOp;

using CollectiveMainloop = typename cutlass::gemm::collective::CollectiveBuilder<
    cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, ElementA, LayoutA, AlignmentA, ElementB, LayoutB, AlignmentB,
    ElementAccumulator, TileShape, ClusterShape,
    cutlass::gemm::collective::StageCountAutoCarveout<static_cast<int>(sizeof(typename CollectiveEpilogue::SharedStorage))>,
    KernelSchedule>::CollectiveOp;

using GemmKernel = cutlass::gemm::kernel::GemmUniversal<Shape<int, int, int, int>, CollectiveMainloop, CollectiveEpilogue>;

}  // namespace

namespace warpsat_host {

void make_54_fp8_cooperative(KernelLaunch& l) {
  using fp8 = cutlass::float_e4m3_t;
  const Problem& p = l.problem;
  // Small integers in e4m3: products and sums exact in the f32 accumulator;
  // D and Aux then round once, from exact values, to e4m3.
  TnOperands<GemmKernel> o = tn_operands<GemmKernel>(l, "u8", 1, e4m3_texts);
  Buffer& aux = add_buffer(l, "Aux", "u8", 1, std::vector<std::string>(uint64_t(p.m) * p.n, "0"), true);
  Buffer& bias = add_buffer(l, "bias", "f32", 4, texts(small_values(uint64_t(p.m), -8, 8, 1, p.seed + 3)));
  Buffer& amax_d = add_buffer(l, "amax_D", "f32", 4, {"0"}, true);
  Buffer& amax_aux = add_buffer(l, "amax_aux", "f32", 4, {"0"}, true);
  using StrideAux = cutlass::gemm::TagToStrideC_t<LayoutAux>;
  auto stride_aux = cutlass::make_cute_packed_stride(StrideAux{}, {p.m, p.n, 1});
  typename GemmKernel::Arguments args{};
  args.mode = cutlass::gemm::GemmUniversalMode::kGemm;
  args.problem_shape = {p.m, p.n, p.k, 1};
  args.mainloop = {device_pointer<fp8>(*o.a), o.stride_a, device_pointer<fp8>(*o.b), o.stride_b};
  args.epilogue.ptr_C = device_pointer<fp8>(*o.c);
  args.epilogue.dC = o.stride_c;
  args.epilogue.ptr_D = device_pointer<fp8>(*o.d);
  args.epilogue.dD = o.stride_d;
  auto& f = args.epilogue.thread;
  f.alpha = float(p.alpha);
  f.beta = float(p.beta);
  f.scale_a = f.scale_b = f.scale_c = 1.0f;
  f.scale_d = 0.5f;
  f.scale_aux = 0.25f;
  f.bias_ptr = device_pointer<float>(bias);
  f.amax_D_ptr = device_pointer<float>(amax_d);
  f.amax_aux_ptr = device_pointer<float>(amax_aux);
  f.aux_ptr = device_pointer<fp8>(aux);
  f.dAux = stride_aux;
  // beta's batch stride with no pointer (54_fp8_beta_stride): the
  // epilogue's multiple-batch scalar; beta = 0 keeps the load warp and the
  // consumers agreeing (tests/files/cutlass/beta-stride-deadlock.test).
  if (p.beta_batch_stride && p.beta_pointer) throw std::invalid_argument("no beta per batch from memory here");
  if (p.beta_batch_stride) f.dBeta = {cute::_0{}, cute::_0{}, 1};
  l.beta_per_batch = p.beta_batch_stride;
  args.hw_info = hardware(p);
  describe<GemmKernel>(l, args);
  l.notes.push_back("A: M x K row-major e4m3; B: K x N column-major e4m3; C, D, Aux: M x N column-major e4m3 "
                    "(buffers of u8 holding e4m3 bits); bias: M f32; amax_D, amax_aux: one f32 each");
  l.notes.push_back("scale_a = scale_b = scale_c = 1, scale_d = 0.5, scale_aux = 0.25, ReLU");
}

}  // namespace warpsat_host
