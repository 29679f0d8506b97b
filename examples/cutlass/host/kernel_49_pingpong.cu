// CUTLASS example 49's ping-pong GEMM (examples/
// 49_hopper_gemm_with_collective_builder, its fifth kernel: "Ping-pong
// warp-specialized TMA schedule with automatically-selected stage count";
// example_49.h): TMA epilogue, persistent scheduler, so GemmKernel is the
// kernel of examples/cutlass/ptx/49_collective_builder.ptx whose name holds
// KernelTmaWarpSpecializedPingpong; the Params size the emulator checks
// against the PTX's parameter confirms it.
#include "example_49.h"  // first: describe.h needs the CUTLASS headers it includes
#include "describe.h"
#include "kernels.h"

namespace {

using GemmKernel = warpsat_host::Example49<cutlass::gemm::KernelTmaWarpSpecializedPingpong,
                                           cutlass::epilogue::TmaWarpSpecialized,
                                           cutlass::gemm::PersistentScheduler>::GemmKernel;

}  // namespace

namespace warpsat_host {

void make_49_pingpong(KernelLaunch& l) {
  typename GemmKernel::Arguments args = f16_tn_arguments<GemmKernel>(l);
  describe<GemmKernel>(l, args);
  l.notes.push_back(kF16TnLayout);
}

}  // namespace warpsat_host
