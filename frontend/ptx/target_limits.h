// What the hardware a module's `.target` names allows, where a launch that
// nobody wrote down must choose (the branch replay's made-up launches,
// `launch-template`): shared memory per block, and how much of it a kernel
// takes from dynamic (extern, unsized) shared memory.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "frontend/ptx/ir.h"

namespace warpsat::ptx {

// The compute capability of the module's first sm_XX target: 90 for sm_90a,
// 80 for sm_80; 0 when it names none.
uint32_t target_sm(const Module& m);

// The most shared memory one block may use on that compute capability
// (static plus dynamic, with the opt-in attribute cudaFuncAttribute-
// MaxDynamicSharedMemorySize): 227 KiB on sm_90 and sm_100, 163 KiB on
// sm_80 and sm_87, 99 KiB on sm_86, sm_89 and sm_120, 64 KiB on sm_75, 96 KiB
// on sm_70 and sm_72, 48 KiB before; the largest (227 KiB) for 0.
uint64_t max_shared_bytes_per_block(uint32_t sm);

// The granule in which %total_smem_size counts a block's shared memory (PTX
// ISA, "%total_smem_size"): 128 bytes on sm_2x and on sm_80 and later (and
// for 0), 256 bytes on sm_3x to sm_7x.
uint32_t shared_allocation_unit(uint32_t sm);

// The shared memory the driver reserves for itself in every block (PTX ISA,
// "%reserved_smem_offset_*", "%aggr_smem_size"; cudaDevAttrReserved-
// SharedMemoryPerBlock): 1 KiB on sm_80 and later (an H100's 228 KiB per SM
// less its 227 KiB per block), none before; 1 KiB for 0.
uint32_t reserved_shared_bytes_per_block(uint32_t sm);

// The sized .shared variables of the module and its functions, each at its
// alignment in declaration order (where the emulator places them).
uint64_t static_shared_bytes(const Module& m);

// The .shared variables without a size (`.extern .shared .align 16 .b8
// smem[]`: memory the launch sizes) that `kernel`, or a function it calls,
// names or declares, in the order it meets them.
std::vector<std::string_view> dynamic_shared_used(const Module& m, const Function& kernel);

// The dynamic shared memory a launch of `kernel` can have at most on its
// target: the block's maximum less the static variables; 0 when the kernel
// uses none.
uint64_t max_dynamic_shared_bytes(const Module& m, const Function& kernel);

}  // namespace warpsat::ptx
