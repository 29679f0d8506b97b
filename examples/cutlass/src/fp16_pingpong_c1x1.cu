// FP16: f16 x f16 -> f32 accumulators, f16 C and D; the ping-pong
// schedule, a TMA epilogue, no cluster (1x1x1): the FP16 ping-pong kernel
// the emulator runs end to end (issue 29).
#include "cutlass/numeric_types.h"
#include "cute/layout.hpp"

using ElementA = cutlass::half_t;
using ElementB = cutlass::half_t;
using ElementC = cutlass::half_t;
using ElementAccumulator = float;
using ElementCompute = float;
using TileShape = cute::Shape<cute::_64, cute::_128, cute::_64>;
using ClusterShape = cute::Shape<cute::_1, cute::_1, cute::_1>;
#include "cutlass/gemm/dispatch_policy.hpp"
#include "cutlass/epilogue/dispatch_policy.hpp"
using MainloopSchedule = cutlass::gemm::KernelTmaWarpSpecializedPingpong;
using EpilogueSchedule = cutlass::epilogue::TmaWarpSpecialized;

#include "sm90_gemm.h"
