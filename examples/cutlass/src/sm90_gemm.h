// One CUTLASS 3 GEMM kernel for Hopper (sm_90a), built by the collective
// builders from the configuration a translation unit defines first:
//   ElementA, ElementB, ElementC (also D), ElementAccumulator, ElementCompute,
//   TileShape, ClusterShape, MainloopSchedule, EpilogueSchedule.
// A is row-major, B column-major (TN, what TMA and wgmma take without a
// transpose for every type), C and D column-major. Only the kernel is
// instantiated (cutlass::device_kernel<GemmKernel>, through the address the
// host function below takes), so the PTX holds that one .entry and nothing
// of the host's reference code.
#pragma once

#include "cute/tensor.hpp"
#include "cutlass/cutlass.h"
#include "cutlass/device_kernel.h"
#include "cutlass/epilogue/collective/collective_builder.hpp"
#include "cutlass/epilogue/fusion/operations.hpp"
#include "cutlass/gemm/collective/collective_builder.hpp"
#include "cutlass/gemm/dispatch_policy.hpp"
#include "cutlass/gemm/kernel/gemm_universal.hpp"

namespace warpsat_cutlass {

using namespace cute;

constexpr int kAlignmentA = 128 / cutlass::sizeof_bits<ElementA>::value;
constexpr int kAlignmentB = 128 / cutlass::sizeof_bits<ElementB>::value;
constexpr int kAlignmentC = 128 / cutlass::sizeof_bits<ElementC>::value;

using CollectiveEpilogue = typename cutlass::epilogue::collective::CollectiveBuilder<
    cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, TileShape, ClusterShape,
    cutlass::epilogue::collective::EpilogueTileAuto, ElementAccumulator, ElementCompute, ElementC,
    cutlass::layout::ColumnMajor, kAlignmentC, ElementC, cutlass::layout::ColumnMajor, kAlignmentC,
    EpilogueSchedule,
    cutlass::epilogue::fusion::LinearCombination<ElementC, ElementCompute, ElementC, ElementCompute>>::CollectiveOp;

using CollectiveMainloop = typename cutlass::gemm::collective::CollectiveBuilder<
    cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, ElementA, cutlass::layout::RowMajor, kAlignmentA, ElementB,
    cutlass::layout::ColumnMajor, kAlignmentB, ElementAccumulator, TileShape, ClusterShape,
    cutlass::gemm::collective::StageCountAutoCarveout<
        static_cast<int>(sizeof(typename CollectiveEpilogue::SharedStorage))>,
    MainloopSchedule>::CollectiveOp;

using GemmKernel = cutlass::gemm::kernel::GemmUniversal<Shape<int, int, int, int>, CollectiveMainloop,
                                                        CollectiveEpilogue>;

}  // namespace warpsat_cutlass

// Taking the kernel's address instantiates it for the device (not in the
// host-only launch writer, examples/cutlass/host, which needs the types alone).
#ifndef WARPSAT_CUTLASS_HOST_ONLY
void* warpsat_cutlass_kernel() {
  return reinterpret_cast<void*>(&cutlass::device_kernel<warpsat_cutlass::GemmKernel>);
}
#endif
