// `tile --emit cutlass`: an sm90 configuration as a self-contained CUDA
// source file that instantiates the CUTLASS 3 kernel it stands for (the
// collective builders, GemmUniversal, a GemmUniversalAdapter alias, a
// __global__ entry with the cluster fixed at compile time, and a host
// function that runs it). It compiles with only CUTLASS's include folders;
// static_asserts check that CUTLASS builds the stage count and epilogue
// shared memory warpsat's model assumed (tests/cutlass compiles it).
#pragma once

#include <string>

#include "frontend/gemm_problem.h"

namespace warpsat {

// The kernel's entry point in the emitted source and its PTX.
inline constexpr const char* kCutlassKernelName = "warpsat_sm90_gemm";

// `comment` (lines, without "//") heads the file. The configuration must be
// an sm90 one the machine's limits admit.
std::string cutlass_source(const GemmShape& shape, const Machine& machine, const TileConfig& config,
                           const std::string& comment);

}  // namespace warpsat
