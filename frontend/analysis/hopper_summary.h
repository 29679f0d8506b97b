// What a Hopper (sm_90a) kernel is made of, counted statically for `warpsat
// inspect`: its wgmma MMAs and their shapes, TMA tensor loads and stores,
// mbarrier traffic, setmaxnreg's register budgets, cluster operations and
// the dynamic shared memory it sizes at launch. A CUTLASS 3 GEMM's warp
// roles show in it: a producer's TMA loads and expect_tx, consumers' wgmma
// and waits, setmaxnreg moving registers between them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/ptx/ir.h"

namespace warpsat::analysis {

struct HopperSummary {
  uint64_t wgmma = 0;                      // wgmma.mma_async
  std::vector<std::string> wgmma_shapes;   // distinct "m64n128k8.f32.tf32.tf32", in order of appearance
  uint64_t wgmma_waits = 0;                // wgmma.wait_group
  uint64_t tma_loads = 0, tma_multicast = 0, tma_stores = 0, tma_reductions = 0;  // cp{.reduce}.async.bulk.tensor
  uint64_t bulk_copies = 0;                // cp{.reduce}.async.bulk without .tensor
  uint64_t mbarrier_waits = 0, mbarrier_arrives = 0, mbarrier_expect_tx = 0, mbarrier_inits = 0;
  uint64_t cluster_barriers = 0;           // barrier.cluster.arrive/wait
  uint64_t cluster_accesses = 0;           // mapa and .shared::cluster accesses to another CTA
  uint64_t fences = 0;                     // fence.proxy.async, fence.mbarrier_init, ...
  std::vector<uint32_t> setmaxnreg_dec, setmaxnreg_inc;  // the register counts, in order
  std::vector<std::string_view> dynamic_shared;          // extern .shared variables it uses
  bool any() const;
  std::string describe() const;  // one line: "8 wgmma.mma_async (m64n128k8.f32.tf32.tf32); TMA: ..."
};

HopperSummary summarize_hopper(const ptx::Module& m, const ptx::Function& f);

}  // namespace warpsat::analysis
