// BF16: bf16 x bf16 -> f32 accumulators, bf16 C and D; the cooperative
// schedule (two consumer warp groups sharing each tile), a TMA epilogue, a
// cluster of 2x1x1 CTAs (B multicast to both).
#include "cutlass/numeric_types.h"
#include "cute/layout.hpp"

using ElementA = cutlass::bfloat16_t;
using ElementB = cutlass::bfloat16_t;
using ElementC = cutlass::bfloat16_t;
using ElementAccumulator = float;
using ElementCompute = float;
using TileShape = cute::Shape<cute::_128, cute::_128, cute::_64>;
using ClusterShape = cute::Shape<cute::_2, cute::_1, cute::_1>;
#include "cutlass/gemm/dispatch_policy.hpp"
#include "cutlass/epilogue/dispatch_policy.hpp"
using MainloopSchedule = cutlass::gemm::KernelTmaWarpSpecializedCooperative;
using EpilogueSchedule = cutlass::epilogue::TmaWarpSpecializedCooperative;

#include "sm90_gemm.h"
