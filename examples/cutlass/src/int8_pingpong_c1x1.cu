// INT8: s8 x s8 -> s32 accumulators, s32 C and D; the ping-pong schedule
// (two consumer warp groups taking turns on tiles), a TMA epilogue, no
// cluster (1x1x1).
#include <cstdint>

#include "cutlass/numeric_types.h"
#include "cute/layout.hpp"

using ElementA = int8_t;
using ElementB = int8_t;
using ElementC = int32_t;
using ElementAccumulator = int32_t;
using ElementCompute = float;
using TileShape = cute::Shape<cute::_128, cute::_128, cute::_128>;
using ClusterShape = cute::Shape<cute::_1, cute::_1, cute::_1>;
#include "cutlass/gemm/dispatch_policy.hpp"
#include "cutlass/epilogue/dispatch_policy.hpp"
using MainloopSchedule = cutlass::gemm::KernelTmaWarpSpecializedPingpong;
using EpilogueSchedule = cutlass::epilogue::TmaWarpSpecialized;

#include "sm90_gemm.h"
