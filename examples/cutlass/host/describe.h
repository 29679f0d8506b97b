// The launch of one CUTLASS 3 GemmKernel for a problem: its Params as
// CUTLASS's host code makes them, their layout (offsetof, sizeof), grid,
// block, cluster and shared memory, and the buffers the Params point to.
#pragma once

#include <cstddef>
#include <cstring>
#include <type_traits>

#include "cute/tensor.hpp"
#include "cutlass/cutlass.h"
#include "cutlass/util/packed_stride.hpp"
#include "launch_writer.h"
#include "stable_bytes.h"

namespace warpsat_host {

// Buffer i's fake device address: far apart, so that any pointer CUTLASS
// derives from one is recognised (launch_writer.cpp).
inline uint64_t fake_address(size_t i) { return 0x00007f0000000000ull + (uint64_t{i + 1} << 36); }

template <class T>
T* device_pointer(const Buffer& b) { return reinterpret_cast<T*>(b.fake_address); }

inline Buffer& add_buffer(KernelLaunch& l, std::string name, std::string type, unsigned bytes,
                          std::vector<std::string> values, bool output = false) {
  Buffer b;
  b.name = std::move(name);
  b.type = std::move(type);
  b.bytes = bytes;
  b.values = std::move(values);
  b.output = output;
  b.fake_address = fake_address(l.buffers.size());
  l.buffers.push_back(std::move(b));
  return l.buffers.back();
}

// A device array of the addresses of `targets` (u64 elements, written 0 in
// the launch file's values and placed by its pointers).
inline Buffer& add_pointer_buffer(KernelLaunch& l, std::string name, std::vector<std::string> targets) {
  Buffer& b = add_buffer(l, std::move(name), "u64", 8, std::vector<std::string>(targets.size(), "0"));
  b.pointer_targets = std::move(targets);
  return b;
}

inline std::vector<std::string> texts(const std::vector<double>& v) {
  std::vector<std::string> out;
  for (double x : v) out.push_back(number_text(x));
  return out;
}
inline std::vector<std::string> e4m3_texts(const std::vector<double>& v) {
  std::vector<std::string> out;
  for (double x : v) out.push_back(std::to_string(e4m3_bits(x)));
  return out;
}

inline std::vector<std::string> e5m2_texts(const std::vector<double>& v) {
  std::vector<std::string> out;
  for (double x : v) out.push_back(std::to_string(e5m2_bits(x)));
  return out;
}

// The four buffers of a TN GEMM (A M x K row-major, B K x N column-major, C
// and D M x N column-major) of `l.problem`, its L strided batches one after
// the other in each buffer, with their packed strides: A, B and C of small
// integers (|A*B| sums stay below 2^11, exact in f32, in f16 and, for these
// inputs, in e4m3's products), C of halves unless `c_step` says otherwise,
// D zero. `type` and `bytes` are the launch file's element type, `text`
// writes a value as that type's element; C and D take `cd_type` and
// `cd_bytes` where given (an integer GEMM's s32 beside its s8 A and B).
template <class GemmKernel>
struct TnOperands {
  Buffer *a, *b, *c, *d;
  typename GemmKernel::StrideA stride_a;
  typename GemmKernel::StrideB stride_b;
  typename GemmKernel::StrideC stride_c;
  typename GemmKernel::StrideD stride_d;
};
template <class GemmKernel>
TnOperands<GemmKernel> tn_operands(KernelLaunch& l, const char* type, unsigned bytes,
                                   std::vector<std::string> (*text)(const std::vector<double>&),
                                   const char* cd_type = nullptr, unsigned cd_bytes = 0, double c_step = 0.5) {
  const Problem& p = l.problem;
  const int L = p.batches;
  if (!cd_type) cd_type = type, cd_bytes = bytes;
  TnOperands<GemmKernel> o;
  o.a = &add_buffer(l, "A", type, bytes, text(small_values(uint64_t(p.m) * p.k * L, -2, 2, 1, p.seed)));
  o.b = &add_buffer(l, "B", type, bytes, text(small_values(uint64_t(p.n) * p.k * L, -2, 2, 1, p.seed + 1)));
  o.c = &add_buffer(l, "C", cd_type, cd_bytes, text(small_values(uint64_t(p.m) * p.n * L, -4, 4, c_step, p.seed + 2)));
  o.d = &add_buffer(l, "D", cd_type, cd_bytes, std::vector<std::string>(uint64_t(p.m) * p.n * L, "0"), true);
  o.stride_a = cutlass::make_cute_packed_stride(typename GemmKernel::StrideA{}, {p.m, p.k, L});
  o.stride_b = cutlass::make_cute_packed_stride(typename GemmKernel::StrideB{}, {p.n, p.k, L});
  o.stride_c = cutlass::make_cute_packed_stride(typename GemmKernel::StrideC{}, {p.m, p.n, L});
  o.stride_d = cutlass::make_cute_packed_stride(typename GemmKernel::StrideD{}, {p.m, p.n, L});
  return o;
}

// The GPU CUTLASS's host code sizes a persistent grid for (Problem::sm_count).
inline cutlass::KernelHardwareInfo hardware(const Problem& p) {
  cutlass::KernelHardwareInfo hw;
  hw.sm_count = p.sm_count;
  return hw;
}

template <class GemmKernel>
void beta_per_batch(KernelLaunch& l, typename GemmKernel::Arguments& args);

// A TN GEMM over f16 (or bf16: Half, `type`) of one problem (M, N, K, L):
// tn_operands' buffers and the Arguments that point at them, before
// `describe` makes the Params (kF16TnLayout says which is which).
inline constexpr const char* kF16TnLayout =
    "A: M x K row-major f16; B: K x N column-major f16; C, D: M x N column-major f16";
inline constexpr const char* kBF16TnLayout =
    "A: M x K row-major bf16; B: K x N column-major bf16; C, D: M x N column-major bf16";
template <class GemmKernel, class Half = cutlass::half_t>
typename GemmKernel::Arguments f16_tn_arguments(KernelLaunch& l, const char* type = "f16") {
  using half = Half;
  const Problem& p = l.problem;
  TnOperands<GemmKernel> o = tn_operands<GemmKernel>(l, type, 2, texts);
  typename GemmKernel::Arguments args{
      cutlass::gemm::GemmUniversalMode::kGemm,
      {p.m, p.n, p.k, p.batches},
      {device_pointer<half>(*o.a), o.stride_a, device_pointer<half>(*o.b), o.stride_b},
      {{float(p.alpha), float(p.beta)}, device_pointer<half>(*o.c), o.stride_c, device_pointer<half>(*o.d), o.stride_d},
      hardware(p)};
  beta_per_batch<GemmKernel>(l, args);
  return args;
}

// With Problem::beta_batch_stride, the epilogue's multiple-batch scalar:
// beta read per batch from memory (p.beta for even batches, 0 for odd
// ones), or, with no pointer, the stride alone, which CUTLASS's is_zero()
// takes as "no beta".
template <class GemmKernel>
void beta_per_batch(KernelLaunch& l, typename GemmKernel::Arguments& args) {
  const Problem& p = l.problem;
  if (!p.beta_batch_stride) return;
  l.beta_per_batch = true;
  args.epilogue.thread.dBeta = {cute::_0{}, cute::_0{}, 1};
  if (p.beta_pointer) {
    std::vector<double> betas;
    for (int i = 0; i < p.batches; ++i) betas.push_back(i % 2 ? 0 : p.beta);
    args.epilogue.thread.beta_ptr = device_pointer<float>(add_buffer(l, "beta", "f32", 4, texts(betas)));
  }
}

template <class P, class = void>
struct HasWorkspace : std::false_type {};
template <class P>
struct HasWorkspace<P, std::void_t<decltype(&P::workspace)>> : std::true_type {};

// Fills everything but the buffers and the notes.
template <class GemmKernel>
void describe(KernelLaunch& l, typename GemmKernel::Arguments const& args, void* workspace = nullptr) {
  using Params = typename GemmKernel::Params;
  // The Params' padding, and members CUTLASS leaves unset, hold whatever
  // the memory held (stable_bytes.h): those bytes are written as 0 and the
  // launch file lists them.
  auto make = [&] { return GemmKernel::to_underlying_arguments(args, workspace); };
  StableBytes stable = stable_bytes<Params>(make, [] { recorded_tensor_maps().clear(); });
  l.params = std::move(stable.bytes);
  l.varying_offsets = std::move(stable.varying);
  // Made once more for the grid; the tensor-map records are this making's,
  // the same as every other's (the markers in the bytes index them).
  recorded_tensor_maps().clear();
  const Params params = make();
  using MainloopParams = decltype(Params::mainloop);
  auto field = [&](const char* name, size_t offset, size_t size) { l.fields.push_back(Field{name, offset, size}); };
  field("mode", offsetof(Params, mode), sizeof(params.mode));
  field("problem_shape", offsetof(Params, problem_shape), sizeof(params.problem_shape));
  field("mainloop", offsetof(Params, mainloop), sizeof(params.mainloop));
  field("epilogue", offsetof(Params, epilogue), sizeof(params.epilogue));
  field("hw_info", offsetof(Params, hw_info), sizeof(params.hw_info));
  field("scheduler", offsetof(Params, scheduler), sizeof(params.scheduler));
  if constexpr (HasWorkspace<Params>::value)  // the ping-pong kernel's Params have none
    field("workspace", offsetof(Params, workspace), sizeof(params.workspace));
  const size_t mainloop = offsetof(Params, mainloop);
  field("mainloop.tma_load_a", mainloop + offsetof(MainloopParams, tma_load_a), sizeof(params.mainloop.tma_load_a));
  field("mainloop.tma_load_b", mainloop + offsetof(MainloopParams, tma_load_b), sizeof(params.mainloop.tma_load_b));
  field("mainloop.tma_transaction_bytes", mainloop + offsetof(MainloopParams, tma_transaction_bytes),
        sizeof(params.mainloop.tma_transaction_bytes));
  dim3 grid = GemmKernel::get_grid_shape(params);
  dim3 block = GemmKernel::get_block_shape();
  l.grid[0] = grid.x, l.grid[1] = grid.y, l.grid[2] = grid.z;
  l.block[0] = block.x, l.block[1] = block.y, l.block[2] = block.z;
  using Cluster = typename GemmKernel::DispatchPolicy::ClusterShape;
  l.cluster[0] = cute::size<0>(Cluster{}), l.cluster[1] = cute::size<1>(Cluster{}), l.cluster[2] = cute::size<2>(Cluster{});
  l.dynamic_shared_bytes = GemmKernel::SharedStorageSize;
  l.notes.push_back("tensor_transaction_bytes per stage (A and B): " +
                    std::to_string(params.mainloop.tma_transaction_bytes));
}

}  // namespace warpsat_host
