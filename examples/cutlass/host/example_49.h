// CUTLASS example 49's GEMM (examples/49_hopper_gemm_with_collective_builder,
// its ExampleRunner), restated: the example's .cu holds a main and builds
// each kernel inside a class template, so the host program builds the same
// types from the same CollectiveBuilder calls. f16 x f16 -> f32, f16 C and
// D, tile 128x128x64, mainloop cluster 2x1x1 (the epilogue built for
// 1x1x1, as the example builds it), stage count carved out of the
// epilogue's shared memory; the schedules and tile scheduler vary.
#pragma once

#include "cutlass/epilogue/collective/collective_builder.hpp"
#include "cutlass/epilogue/fusion/operations.hpp"
#include "cutlass/gemm/collective/collective_builder.hpp"
#include "cutlass/gemm/kernel/gemm_universal.hpp"
#include "cutlass/gemm/kernel/tile_scheduler.hpp"

namespace warpsat_host {

template <class MainloopSchedule, class EpilogueSchedule, class TileScheduler>
struct Example49 {
  using Element = cutlass::half_t;
  static constexpr int kAlignment = 16 / sizeof(Element);
  using TileShape = cute::Shape<cute::_128, cute::_128, cute::_64>;

  using CollectiveEpilogue = typename cutlass::epilogue::collective::CollectiveBuilder<
      cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, TileShape, cute::Shape<cute::_1, cute::_1, cute::_1>,
      cutlass::epilogue::collective::EpilogueTileAuto, float, float, Element, cutlass::layout::ColumnMajor,
      kAlignment, Element, cutlass::layout::ColumnMajor, kAlignment, EpilogueSchedule,
      cutlass::epilogue::fusion::LinearCombination<Element, float, Element, float,
                                                   cutlass::FloatRoundStyle::round_to_nearest>>::CollectiveOp;

  using CollectiveMainloop = typename cutlass::gemm::collective::CollectiveBuilder<
      cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, Element, cutlass::layout::RowMajor, kAlignment, Element,
      cutlass::layout::ColumnMajor, kAlignment, float, TileShape, cute::Shape<cute::_2, cute::_1, cute::_1>,
      cutlass::gemm::collective::StageCountAutoCarveout<
          static_cast<int>(sizeof(typename CollectiveEpilogue::SharedStorage))>,
      MainloopSchedule>::CollectiveOp;

  using GemmKernel = cutlass::gemm::kernel::GemmUniversal<cute::Shape<int, int, int, int>, CollectiveMainloop,
                                                          CollectiveEpilogue, TileScheduler>;
};

}  // namespace warpsat_host
