#include <doctest/doctest.h>

#include <filesystem>

#include "emulator/simt/launch.h"
#include "emulator/simt/profile.h"
#include "frontend/ptx/parser.h"

using namespace warpsat;
using namespace warpsat::simt;

namespace {
bool same_counts(const KernelMetrics& a, const KernelMetrics& b) {
  return a.static_instructions == b.static_instructions && a.warp_instructions == b.warp_instructions &&
         a.thread_instructions == b.thread_instructions &&
         a.thread_instructions_predicated_on == b.thread_instructions_predicated_on &&
         a.thread_by_category == b.thread_by_category && a.fp_instructions == b.fp_instructions &&
         a.flops == b.flops && a.flops_special == b.flops_special && a.branches == b.branches &&
         a.divergent_branches == b.divergent_branches;
}
}  // namespace

TEST_CASE("HyPA corpus: every kernel profiles, and slices mode reproduces full mode's counts") {
  std::string dir = std::string(WARPSAT_SHARED_DIR) + "/corpus/hypa";
  if (!std::filesystem::exists(dir + "/module_0000.ptx")) {
    MESSAGE("skipped: " << dir << " is not present (the corpus lives beside the project, in ../shared)");
    return;
  }
  size_t kernels = 0, profiled = 0, sliced = 0, identical = 0;
  for (const char* name : {"module_0000.ptx", "module_0002.ptx", "module_0004.ptx"}) {
    ptx::Module m = ptx::read_module(dir + "/" + name);
    for (const ptx::Function& f : m.functions) {
      if (!f.is_entry || !f.has_body) continue;
      ++kernels;
      Launch l = default_launch(m, f, DefaultLaunchOptions{});
      KernelProfile full = profile_kernel(m, l, ProfileMode::Full);
      KernelProfile slices = profile_kernel(m, l, ProfileMode::Slices);
      CHECK_MESSAGE(full.ok, f.name, ": ", full.error);
      profiled += full.ok;
      if (!full.ok || !slices.ok || slices.mode != ProfileMode::Slices) continue;
      ++sliced;
      bool same = same_counts(full.metrics, slices.metrics);
      CHECK_MESSAGE(same, f.name);
      identical += same;
    }
  }
  MESSAGE("HyPA: " << profiled << " of " << kernels << " kernels profiled; slices mode applied to " << sliced
                   << ", identical counts on " << identical);
  CHECK(kernels == 633);
  CHECK(sliced > 600);
  CHECK(identical == sliced);
}
