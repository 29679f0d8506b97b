#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "frontend/diagnostics.h"
#include "frontend/kernel_names.h"

using namespace warpsat;

namespace {
// Mangled by g++ 12 from declarations shaped like CUTLASS's and CUB's.
const std::string kGemmFloat =
    "_ZN7cutlass13device_kernelINS_4gemm6kernel13GemmUniversalIN4cute5tupleIJiiiiEEEfEEEEvNT_6ParamsE";
const std::string kGemmDouble =
    "_ZN7cutlass13device_kernelINS_4gemm6kernel13GemmUniversalIN4cute5tupleIJiiiiEEEdEEEEvNT_6ParamsE";
const std::string kReduce = "_ZN3cub6detail18DeviceReduceKernelINS0_10Policy1000EPiLi256EEEvT0_i";
const std::string kHidden = "_ZN12_GLOBAL__N_16hiddenILi3EEEvi";
}  // namespace

TEST_CASE("kernel names shorten the way Nsight Compute shows them") {
  CHECK(demangle_kernel_name(kReduce) == "void cub::detail::DeviceReduceKernel<cub::detail::Policy1000, int*, 256>(int*, int)");
  CHECK(short_kernel_name(kGemmFloat) == "cutlass::device_kernel<GemmUniversal<…>>");
  CHECK(short_kernel_name(kReduce) == "cub::detail::DeviceReduceKernel<Policy1000, int*, 256>");
  CHECK(short_kernel_name(kHidden) == "(anonymous namespace)::hidden<3>");
  CHECK(short_kernel_name("branches_nested") == "branches_nested");  // extern "C": as it is
  CHECK(short_kernel_name("_Z4kernPfPKfij") == "kern");
  // A const member function (an inlined method .debug_str names).
  CHECK(short_kernel_name("_ZNK4cuda3std6testerIPKvEclEv") == "cuda::std::tester<void const*>::operator()");
  // Too long: trailing arguments, then the middle qualifiers, give way.
  CHECK(short_kernel_name(kReduce, 48) == "cub::detail::DeviceReduceKernel<Policy1000, …>");
  CHECK(short_kernel_name(kReduce, 20) == "cub::…::DeviceReduceKernel<…>");
}

TEST_CASE("CUTLASS 3 names past libstdc++'s demangler recursion limit still demangle") {
  // examples/cutlass/ptx/fp16_pingpong_c1x1.ptx's kernel (nvcc 13): abi::__cxa_demangle
  // gives up on it (2,048 levels); c++filt does too without --no-recurse-limit.
  const std::string pingpong =
    "_ZN7cutlass13device_kernelINS_4gemm6kernel13GemmUniversalIN4cute5tupleIJiiiiEEENS1_10collective13Col"
    "lectiveMmaINS1_34MainloopSm90TmaGmmaWarpSpecializedILi8ENS5_IJNS4_1CILi1EEESB_SB_EEENS1_32KernelTmaW"
    "arpSpecializedPingpongEEENS5_IJNSA_ILi64EEENSA_ILi128EEESF_EEENS_6half_tENS5_IJlSB_lEEESI_SJ_NS4_8Ti"
    "ledMMAINS4_8MMA_AtomIJNS4_4SM904GMMA26MMA_64x128x16_F32F16F16_SSILNSN_5MajorE0ELSP_0ELNSN_7ScaleInE1"
    "ELSQ_1EEEEEENS4_6LayoutISC_NS5_IJNSA_ILi0EEESU_SU_EEEEENS5_IJNS4_10UnderscoreESX_SX_EEEEENS4_13SM90_"
    "TMA_LOADENS4_14ComposedLayoutINS4_7SwizzleILi3ELi4ELi3EEENS4_18smem_ptr_flag_bitsILi16EEENST_INS5_IJ"
    "NSA_ILi8EEESF_EEENS5_IJSF_SB_EEEEEEEvNS4_8identityES10_S1A_vS1B_EENS_8epilogue10collective18Collecti"
    "veEpilogueINS1D_22Sm90TmaWarpSpecializedILi4ELi2ELi16ELb1ELb0EEEJSH_NS5_IJSF_NSA_ILi32EEEEEESI_NS5_I"
    "JSB_llEEESI_S1K_NS1D_6fusion15FusionCallbacksIS1H_NS1L_17LinearCombinationISI_fSI_fLNS_15FloatRoundS"
    "tyleE2EEESH_S1J_JEEES10_NS11_IS13_S15_NST_INS5_IJSF_S16_EEENS5_IJSB_SF_EEEEEEENS4_17SM75_U16x8_LDSM_"
    "TENS4_14SM90_TMA_STOREES1U_NS4_17SM90_U16x8_STSM_TENS4_9Copy_AtomIJNS4_17SM90_U32x4_STSM_NESI_EEEvEE"
    "EvvEEEEvNT_6ParamsE";
  CHECK(demangle_kernel_name(pingpong).starts_with(
      "void cutlass::device_kernel<cutlass::gemm::kernel::GemmUniversal<cute::tuple<int, int, int, int>, "
      "cutlass::gemm::collective::CollectiveMma<cutlass::gemm::MainloopSm90TmaGmmaWarpSpecialized<8, "));
  CHECK(short_kernel_name(pingpong) == "cutlass::device_kernel<GemmUniversal<…>>");
  // Longer than 4,096 characters: not demangled without the limit (the stack).
  std::string deep = "_Z1fI";
  for (int i = 0; i < 1100; ++i) deep += "N1AI";
  deep += "i";
  for (int i = 0; i < 1100; ++i) deep += "EE";
  deep += "Ev";
  CHECK(demangle_kernel_name(deep) == deep);
}

TEST_CASE("kernels that shorten alike get a stable id each") {
  KernelNames names({kGemmFloat, kGemmDouble, kReduce}, false);
  std::string a = names.display(kGemmFloat), b = names.display(kGemmDouble);
  CHECK(a.starts_with("cutlass::device_kernel<GemmUniversal<…>> #"));
  CHECK(b.starts_with("cutlass::device_kernel<GemmUniversal<…>> #"));
  CHECK(a != b);
  CHECK(a.ends_with(kernel_name_id(kGemmFloat)));
  CHECK(names.display(kReduce) == "cub::detail::DeviceReduceKernel<Policy1000, int*, 256>");  // no collision, no id
  // Stable: the same kernel, the same id, whatever else the module holds.
  CHECK(KernelNames({kGemmDouble, kGemmFloat}, false).display(kGemmFloat) == a);
  CHECK(kernel_name_id(kGemmFloat).size() == 4);
  CHECK(KernelNames({kGemmFloat}, true).display(kGemmFloat) == kGemmFloat);  // --full-names
}

TEST_CASE("--kernel takes a mangled, demangled or short name, or a unique part of one") {
  std::vector<std::string> k = {kGemmFloat, kGemmDouble, kReduce, kHidden};
  CHECK(match_kernel_names(k, kReduce) == std::vector<size_t>{2});
  CHECK(match_kernel_names(k, "cub::detail::DeviceReduceKernel<Policy1000, int*, 256>") == std::vector<size_t>{2});
  CHECK(match_kernel_names(k, "void cub::detail::DeviceReduceKernel<cub::detail::Policy1000, int*, 256>(int*, int)") ==
        std::vector<size_t>{2});
  CHECK(match_kernel_names(k, "DeviceReduceKernel") == std::vector<size_t>{2});
  CHECK(match_kernel_names(k, "hidden") == std::vector<size_t>{3});
  CHECK(match_kernel_names(k, "double") == std::vector<size_t>{1});
  CHECK(match_kernel_names(k, "device_kernel") == std::vector<size_t>{0, 1});
  KernelNames names(k, false);
  CHECK(match_kernel_names(k, names.display(kGemmDouble)) == std::vector<size_t>{1});
  // The tail of a shown name, copied from a table, with its id.
  std::string shown = names.display(kGemmDouble);
  CHECK(match_kernel_names(k, shown.substr(shown.find("GemmUniversal"))) == std::vector<size_t>{1});
  CHECK(match_kernel_names(k, "nothing like it").empty());
  CHECK(select_kernel_name(k, "Reduce", "kernel", "m.ptx") == 2);
  try {
    select_kernel_name(k, "device_kernel", "kernel", "m.ptx");
    FAIL("two kernels match");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()).find("'device_kernel' matches 2 kernels in m.ptx") != std::string::npos);
    CHECK(std::string(e.what()).find(names.display(kGemmFloat)) != std::string::npos);
  }
  try {
    select_kernel_name(k, "gemv", "kernel", "m.ptx");
    FAIL("no kernel matches");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()).find("no kernel in m.ptx matches 'gemv'") != std::string::npos);
    CHECK(std::string(e.what()).find("(anonymous namespace)::hidden<3>") != std::string::npos);
  }
}
