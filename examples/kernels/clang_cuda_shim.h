// clang_cuda_shim.h: the few CUDA declarations the kernels in this folder
// use, for clang's CUDA front end without a CUDA installation it supports.
//
// clang 14 knows CUDA up to 11.5; with CUDA 13 its runtime wrapper header
// (__clang_cuda_runtime_wrapper.h) fails on headers that CUDA 13 no longer
// ships (texture_fetch_functions.h). scripts/generate_ptx.sh therefore runs
//   clang -x cuda --cuda-device-only -nocudainc -nocudalib
//         --cuda-path=/nonexistent -include clang_cuda_shim.h ...
// and this header stands in for cuda_runtime.h: execution-space attributes,
// the built-in index variables (clang's own __clang_cuda_builtin_vars.h, which
// reads %tid/%ntid/%ctaid/%nctaid through __nvvm_read_ptx_sreg_* builtins),
// and the warp and atomic intrinsics, written the way clang's
// __clang_cuda_intrinsics.h writes them. Only what the kernels need.
// Never used by nvcc.
#pragma once

#if !defined(__clang__) || !defined(__CUDA__)
#error "clang_cuda_shim.h is for clang -x cuda only"
#endif

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __noinline__ __attribute__((noinline))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))

#include <__clang_cuda_builtin_vars.h>  // threadIdx, blockIdx, blockDim, gridDim

// __syncthreads() is a clang builtin (bar.sync 0); the barrier reductions
// are bar.red on barrier 0, as in CUDA.
static __device__ __forceinline__ int __syncthreads_or(int p) { return __nvvm_bar0_or(p); }

// Shuffles. The last operand packs the PTX c operand: ((32 - width) << 8) | clamp,
// with width 32; clamp is 0x1f except for shfl.up (0), as in CUDA.
static __device__ __forceinline__ unsigned __shfl_sync(unsigned mask, unsigned v, int src_lane)
{
    return (unsigned)__nvvm_shfl_sync_idx_i32(mask, (int)v, src_lane, 0x1f);
}
static __device__ __forceinline__ unsigned __shfl_up_sync(unsigned mask, unsigned v, unsigned delta)
{
    return (unsigned)__nvvm_shfl_sync_up_i32(mask, (int)v, (int)delta, 0);
}
static __device__ __forceinline__ unsigned __shfl_down_sync(unsigned mask, unsigned v, unsigned delta)
{
    return (unsigned)__nvvm_shfl_sync_down_i32(mask, (int)v, (int)delta, 0x1f);
}
static __device__ __forceinline__ unsigned __shfl_xor_sync(unsigned mask, unsigned v, int lane_mask)
{
    return (unsigned)__nvvm_shfl_sync_bfly_i32(mask, (int)v, lane_mask, 0x1f);
}

// Votes, match, masks, warp barrier.
static __device__ __forceinline__ int __all_sync(unsigned mask, int pred)
{
    return __nvvm_vote_all_sync(mask, pred);
}
static __device__ __forceinline__ int __any_sync(unsigned mask, int pred)
{
    return __nvvm_vote_any_sync(mask, pred);
}
static __device__ __forceinline__ unsigned __ballot_sync(unsigned mask, int pred)
{
    return __nvvm_vote_ballot_sync(mask, pred);
}
static __device__ __forceinline__ unsigned __match_any_sync(unsigned mask, unsigned v)
{
    return __nvvm_match_any_sync_i32(mask, (int)v);
}
static __device__ __forceinline__ unsigned __activemask()
{
    unsigned mask;
    asm volatile("activemask.b32 %0;" : "=r"(mask));
    return mask;
}
static __device__ __forceinline__ void __syncwarp(unsigned mask = 0xffffffffu)
{
    __nvvm_bar_warp_sync(mask);
}

// Bit manipulation.
static __device__ __forceinline__ int __popc(unsigned x) { return __builtin_popcount(x); }
static __device__ __forceinline__ int __clz(unsigned x) { return x == 0 ? 32 : __builtin_clz(x); }
static __device__ __forceinline__ unsigned __brev(unsigned x) { return __builtin_bitreverse32(x); }

// Atomics: a relaxed atomicrmw add, which the NVPTX back end lowers to
// atom.add (red.add when the result is unused) in the pointer's state space
// once address-space inference has seen through the generic pointer.
static __device__ __forceinline__ unsigned atomicAdd(unsigned *p, unsigned v)
{
    return __nvvm_atom_add_gen_i((int *)p, (int)v);
}

// The vector type the histogram kernel loads (16-byte aligned, as in CUDA's
// vector_types.h, so that a float4 load is one ld.v4.f32).
struct __attribute__((aligned(16))) float4 {
    float x, y, z, w;
};
