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
