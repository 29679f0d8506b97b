// CUTLASS example 57's two grouped GEMMs (examples/57_hopper_grouped_gemm):
// groups of different shapes, e4m3 x e5m2 -> f32 accumulation (FP8 fast
// accumulation), f16 C and D, TMA epilogue; cooperative (tile 256x128x128,
// cluster 1x2x1) and ping-pong (tile 128x128x128, cluster 2x1x1).
// Each group's problem size, strides and pointers are device arrays; the
// kernel copies its tensor maps into the workspace and replaces their
// global address, dims and strides per group (tensormap.replace). The
// configurations are the example's, restated (its .cu holds a main), so the
// two GemmKernels are the two kernels of examples/cutlass/ptx/57_hopper_grouped_gemm.ptx.
#include <sys/mman.h>

#include <cstring>
#include <stdexcept>

#include "cutlass/epilogue/collective/collective_builder.hpp"
#include "cutlass/gemm/collective/collective_builder.hpp"
#include "cutlass/gemm/group_array_problem_shape.hpp"
#include "cutlass/gemm/kernel/gemm_universal.hpp"
#include "describe.h"
#include "kernels.h"

namespace {

using namespace cute;

using ProblemShape = cutlass::gemm::GroupProblemShape<Shape<int, int, int>>;
using ElementA = cutlass::float_e4m3_t;
using LayoutA = cutlass::layout::RowMajor;
constexpr int AlignmentA = 128 / cutlass::sizeof_bits<ElementA>::value;
using ElementB = cutlass::float_e5m2_t;
using LayoutB = cutlass::layout::ColumnMajor;
constexpr int AlignmentB = 128 / cutlass::sizeof_bits<ElementB>::value;
using ElementC = cutlass::half_t;
using LayoutC = cutlass::layout::ColumnMajor;
constexpr int AlignmentC = 128 / cutlass::sizeof_bits<ElementC>::value;
using ElementAccumulator = float;
// The example's two schedules (CooperativeConfig, PingpongConfig there).
struct Cooperative {
  using TileShape = Shape<_256, _128, _128>;
  using ClusterShape = Shape<_1, _2, _1>;
  using KernelSchedule = cutlass::gemm::KernelPtrArrayTmaWarpSpecializedCooperativeFP8FastAccum;
  using EpilogueSchedule = cutlass::epilogue::PtrArrayTmaWarpSpecializedCooperative;
};
struct Pingpong {
  using TileShape = Shape<_128, _128, _128>;
  using ClusterShape = Shape<_2, _1, _1>;
  using KernelSchedule = cutlass::gemm::KernelPtrArrayTmaWarpSpecializedPingpongFP8FastAccum;
  using EpilogueSchedule = cutlass::epilogue::PtrArrayTmaWarpSpecializedPingpong;
};

template <class Config>
struct Kernel {
  using CollectiveEpilogue = typename cutlass::epilogue::collective::CollectiveBuilder<
      cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, typename Config::TileShape, typename Config::ClusterShape,
      cutlass::epilogue::collective::EpilogueTileAuto, ElementAccumulator, ElementAccumulator, ElementC, LayoutC*,
      AlignmentC, ElementC, LayoutC*, AlignmentC, typename Config::EpilogueSchedule,
      cutlass::epilogue::fusion::LinearCombination<ElementC, ElementAccumulator>>::CollectiveOp;

  using CollectiveMainloop = typename cutlass::gemm::collective::CollectiveBuilder<
      cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, ElementA, LayoutA*, AlignmentA, ElementB, LayoutB*,
      AlignmentB, ElementAccumulator, typename Config::TileShape, typename Config::ClusterShape,
      cutlass::gemm::collective::StageCountAutoCarveout<
          static_cast<int>(sizeof(typename CollectiveEpilogue::SharedStorage))>,
      typename Config::KernelSchedule>::CollectiveOp;

  using GemmKernel = cutlass::gemm::kernel::GemmUniversal<ProblemShape, CollectiveMainloop, CollectiveEpilogue>;
};

// A device array of trivially copyable values, as the launch file's bytes (u8).
template <class T>
std::vector<std::string> byte_texts(const std::vector<T>& v) {
  std::vector<std::string> out;
  const uint8_t* p = reinterpret_cast<const uint8_t*>(v.data());
  for (size_t i = 0; i < v.size() * sizeof(T); ++i) out.push_back(std::to_string(p[i]));
  return out;
}

// The host's copy of the problem sizes, which the Params keep a pointer to
// (GroupProblemShape::host_problem_shapes; the kernel reads the device
// copy): at a fixed address, so that the launch file's bytes are the same in
// every run of the program.
template <class T>
T* at_fixed_host_address(const std::vector<T>& v) {
  void* fixed = reinterpret_cast<void*>(uintptr_t{0x5a5a00000000});
  void* p = mmap(fixed, 1 << 16, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
  if (p != fixed || v.size() * sizeof(T) > (1 << 16)) throw std::runtime_error("cannot map the host problem sizes");
  std::memcpy(p, v.data(), v.size() * sizeof(T));
  return static_cast<T*>(p);
}

}  // namespace

namespace warpsat_host {

namespace {

template <class GemmKernel>
void make_57_grouped(KernelLaunch& l) {
  using half = cutlass::half_t;
  using StrideA = typename GemmKernel::InternalStrideA;
  using StrideB = typename GemmKernel::InternalStrideB;
  using StrideC = typename GemmKernel::InternalStrideC;
  using StrideD = typename GemmKernel::InternalStrideD;
  const Problem& p = l.problem;
  std::vector<typename ProblemShape::UnderlyingProblemShape> shapes;
  std::vector<StrideA> sa;
  std::vector<StrideB> sb;
  std::vector<StrideC> sc;
  std::vector<StrideD> sd;
  std::vector<std::string> as, bs, cs, ds;
  for (size_t g = 0; g < p.groups.size(); ++g) {
    const auto [m, n, k] = p.groups[g];
    const std::string s = std::to_string(g);
    uint64_t seed = p.seed + 4 * g;
    // Small integers, exact in e4m3 and e5m2; C in halves, exact in f16.
    add_buffer(l, "A" + s, "u8", 1, e4m3_texts(small_values(uint64_t(m) * k, -2, 2, 1, seed)));
    add_buffer(l, "B" + s, "u8", 1, e5m2_texts(small_values(uint64_t(n) * k, -2, 2, 1, seed + 1)));
    add_buffer(l, "C" + s, "f16", 2, texts(small_values(uint64_t(m) * n, -4, 4, 0.5, seed + 2)));
    add_buffer(l, "D" + s, "f16", 2, std::vector<std::string>(uint64_t(m) * n, "0"), true);
    as.push_back("A" + s), bs.push_back("B" + s), cs.push_back("C" + s), ds.push_back("D" + s);
    shapes.push_back({m, n, k});
    sa.push_back(cutlass::make_cute_packed_stride(StrideA{}, {m, k, 1}));
    sb.push_back(cutlass::make_cute_packed_stride(StrideB{}, {n, k, 1}));
    sc.push_back(cutlass::make_cute_packed_stride(StrideC{}, {m, n, 1}));
    sd.push_back(cutlass::make_cute_packed_stride(StrideD{}, {m, n, 1}));
  }
  Buffer& sizes = add_buffer(l, "problem_sizes", "u8", 1, byte_texts(shapes));
  Buffer& stride_a = add_buffer(l, "stride_A", "u8", 1, byte_texts(sa));
  Buffer& stride_b = add_buffer(l, "stride_B", "u8", 1, byte_texts(sb));
  Buffer& stride_c = add_buffer(l, "stride_C", "u8", 1, byte_texts(sc));
  Buffer& stride_d = add_buffer(l, "stride_D", "u8", 1, byte_texts(sd));
  Buffer& ptr_a = add_pointer_buffer(l, "ptr_A", as);
  Buffer& ptr_b = add_pointer_buffer(l, "ptr_B", bs);
  Buffer& ptr_c = add_pointer_buffer(l, "ptr_C", cs);
  Buffer& ptr_d = add_pointer_buffer(l, "ptr_D", ds);
  typename GemmKernel::Arguments args;
  decltype(args.epilogue.thread) fusion;
  fusion.alpha = float(p.alpha);
  fusion.beta = float(p.beta);
  fusion.alpha_ptr = nullptr;
  fusion.beta_ptr = nullptr;
  fusion.alpha_ptr_array = nullptr;
  fusion.beta_ptr_array = nullptr;
  fusion.dAlpha = {cute::_0{}, cute::_0{}, 0};
  fusion.dBeta = {cute::_0{}, cute::_0{}, 0};
  args = typename GemmKernel::Arguments{
      cutlass::gemm::GemmUniversalMode::kGrouped,
      {int(shapes.size()), device_pointer<typename ProblemShape::UnderlyingProblemShape>(sizes),
       at_fixed_host_address(shapes)},
      {device_pointer<const typename GemmKernel::ElementA*>(ptr_a), device_pointer<StrideA>(stride_a),
       device_pointer<const typename GemmKernel::ElementB*>(ptr_b), device_pointer<StrideB>(stride_b)},
      {fusion, device_pointer<const half*>(ptr_c), device_pointer<StrideC>(stride_c), device_pointer<half*>(ptr_d),
       device_pointer<StrideD>(stride_d)},
      hardware(p)};
  Buffer& workspace = add_buffer(l, "workspace", "u8", 1,
                                 std::vector<std::string>(GemmKernel::get_workspace_size(args), "0"), true);
  describe<GemmKernel>(l, args, device_pointer<void>(workspace));
  l.notes.push_back("group g: A<g>: M x K row-major e4m3 (u8 bits); B<g>: K x N column-major e5m2 (u8 bits); C<g>, "
                    "D<g>: M x N column-major f16; problem_sizes: (M, N, K) per group as s32; stride_*: CUTLASS's "
                    "packed strides per group; ptr_A .. ptr_D: the groups' addresses; the Params' host pointer to "
                    "the problem sizes (0x5a5a00000000, host memory the kernel does not read) is the program's");
}

}  // namespace

void make_57_grouped_cooperative(KernelLaunch& l) { make_57_grouped<Kernel<Cooperative>::GemmKernel>(l); }
void make_57_grouped_pingpong(KernelLaunch& l) { make_57_grouped<Kernel<Pingpong>::GemmKernel>(l); }

}  // namespace warpsat_host
