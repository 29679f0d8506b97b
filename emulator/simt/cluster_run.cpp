// A resident cluster outside its scheduling rounds (scheduler.cpp): its
// CTAs made when it starts, its suspended try_waits timed out when nothing
// can run, and its checks and counts when it ends.
#include <algorithm>
#include <memory>
#include <vector>

#include "emulator/simt/async_state.h"
#include "emulator/simt/mbarrier.h"
#include "emulator/simt/run_state.h"
#include "emulator/simt/scheduler.h"
#include "emulator/simt/wgmma_async.h"
#include "frontend/ptx/target_limits.h"

namespace warpsat::simt {

namespace {

// What the shared-memory special registers say (PTX ISA, "%total_smem_size",
// "%aggr_smem_size"): the block's static and dynamic bytes in the target's
// allocation units, and the driver's reserved region beside them.
struct SharedSizes {
  uint64_t total = 0, reserved = 0;
};
SharedSizes shared_sizes(const RunState& rs, const Launch& l) {
  uint32_t sm = ptx::target_sm(rs.module);
  uint64_t unit = ptx::shared_allocation_unit(sm);
  uint64_t used = rs.program().dynamic_shared_offset + l.dynamic_shared_bytes;
  return {(used + unit - 1) / unit * unit, ptx::reserved_shared_bytes_per_block(sm)};
}

}  // namespace

std::unique_ptr<Cta> make_cta(RunState& rs, uint64_t linear, Cluster& cluster, uint32_t rank) {
  const Launch& l = rs.launch;
  auto owned = std::make_unique<Cta>();
  Cta& c = *owned;
  c.linear = linear;
  c.cluster = &cluster;
  c.rank = rank;
  c.id[0] = static_cast<uint32_t>(linear % l.grid[0]);
  c.id[1] = static_cast<uint32_t>((linear / l.grid[0]) % l.grid[1]);
  c.id[2] = static_cast<uint32_t>(linear / (uint64_t{l.grid[0]} * l.grid[1]));
  c.shared.resize(rs.program().dynamic_shared_offset + l.dynamic_shared_bytes + rs.remap.extra_bytes());
  if (rs.track_proxy) begin_proxy_tracking(c);
  const uint32_t* cd = cluster.dims;
  uint32_t in_cluster[3] = {c.id[0] % cd[0], c.id[1] % cd[1], c.id[2] % cd[2]};
  uint32_t threads = l.block[0] * l.block[1] * l.block[2];
  uint32_t nwarps = (threads + kWarpSize - 1) / kWarpSize;
  c.warps.resize(nwarps);
  const SharedSizes smem = shared_sizes(rs, l);
  for (uint32_t wi = 0; wi < nwarps; ++wi) {
    Warp& w = c.warps[wi];
    w.id = wi;
    uint32_t lanes = std::min(kWarpSize, threads - wi * kWarpSize);
    w.valid = lanes == 32 ? ~0u : (1u << lanes) - 1;
    w.special.assign(static_cast<size_t>(SpecialSlot::Count) * kWarpSize, 0);
    w.local.resize(kWarpSize);
    auto set = [&](SpecialSlot s, unsigned lane, uint64_t v) {
      w.special[static_cast<size_t>(s) * kWarpSize + lane] = v;
    };
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      uint32_t lin = wi * kWarpSize + lane;
      set(SpecialSlot::TidX, lane, lin % l.block[0]);
      set(SpecialSlot::TidY, lane, (lin / l.block[0]) % l.block[1]);
      set(SpecialSlot::TidZ, lane, lin / (l.block[0] * l.block[1]));
      for (int d = 0; d < 3; ++d) {
        set(static_cast<SpecialSlot>(static_cast<int>(SpecialSlot::NTidX) + d), lane, l.block[d]);
        set(static_cast<SpecialSlot>(static_cast<int>(SpecialSlot::CtaIdX) + d), lane, c.id[d]);
        set(static_cast<SpecialSlot>(static_cast<int>(SpecialSlot::NCtaIdX) + d), lane, l.grid[d]);
      }
      set(SpecialSlot::LaneId, lane, lane);
      set(SpecialSlot::WarpId, lane, wi);
      set(SpecialSlot::NWarpId, lane, nwarps);
      set(SpecialSlot::NSmId, lane, 1);
      set(SpecialSlot::LanemaskEq, lane, 1u << lane);
      set(SpecialSlot::LanemaskLe, lane, lane == 31 ? ~0u : (2u << lane) - 1);
      set(SpecialSlot::LanemaskLt, lane, (1u << lane) - 1);
      set(SpecialSlot::LanemaskGe, lane, ~((1u << lane) - 1));
      set(SpecialSlot::LanemaskGt, lane, lane == 31 ? 0u : ~((2u << lane) - 1));
      set(SpecialSlot::DynamicSmemSize, lane, l.dynamic_shared_bytes);
      set(SpecialSlot::TotalSmemSize, lane, smem.total);
      set(SpecialSlot::AggrSmemSize, lane, smem.total + smem.reserved);
      set(SpecialSlot::ReservedSmemBegin, lane, smem.total);
      set(SpecialSlot::ReservedSmemEnd, lane, smem.total + smem.reserved);
      set(SpecialSlot::ReservedSmemCap, lane, smem.reserved);
      for (int d = 0; d < 3; ++d) {
        auto at = [&](SpecialSlot first) { return static_cast<SpecialSlot>(static_cast<int>(first) + d); };
        set(at(SpecialSlot::ClusterCtaIdX), lane, in_cluster[d]);
        set(at(SpecialSlot::ClusterNCtaIdX), lane, cd[d]);
        set(at(SpecialSlot::ClusterIdX), lane, cluster.id[d]);
        set(at(SpecialSlot::NClusterIdX), lane, l.grid[d] / cd[d]);
      }
      set(SpecialSlot::ClusterCtaRank, lane, rank);
      set(SpecialSlot::ClusterNCtaRank, lane, cd[0] * cd[1] * cd[2]);
      set(SpecialSlot::IsExplicitCluster, lane, rs.cluster.is_explicit ? 1 : 0);
    }
    new_frame(rs, w, rs.program().functions[rs.kernel], w.valid, 0);
  }
  return owned;
}

bool time_out_waits(RunState& rs, ClusterRun& run) {
  std::vector<Warp*> waiting;
  bool same = rs.shared_version == run.timeout_version;
  size_t count = 0;
  for (const auto& c : run.ctas)
    for (Warp& w : c->warps)
      if (w.state == Warp::State::AtMbarrier) {
        waiting.push_back(&w);
        auto it = run.timed_out.find({c->rank, w.id});
        ++count;
        same = same && it != run.timed_out.end() && it->second.same_as(w);
      }
  if (waiting.empty() || (same && count == run.timed_out.size())) return false;
  run.timeout_version = rs.shared_version;
  run.timed_out.clear();
  for (const auto& c : run.ctas)
    for (Warp& w : c->warps)
      if (w.state == Warp::State::AtMbarrier) {
        run.timed_out[{c->rank, w.id}].take(w);
        w.mbarrier.timed_out = true;
        w.state = Warp::State::Ready;
      }
  return true;
}

void finish_cluster(RunState& rs, const ClusterRun& run) {
  for (const auto& c : run.ctas)
    for (const Warp& w : c->warps) add_warp_role(rs, w);
  if (!rs.stop) {
    for (const auto& c : run.ctas) wgmma_end_block(rs, *c);
    check_mbarriers_at_exit(rs, run.cluster);
  }
  if (!rs.block_starts.empty())
    for (const auto& c : run.ctas)
      for (const Warp& w : c->warps)
        for (uint32_t m = w.valid; m; m &= m - 1) rs.thread_paths.insert(w.path[static_cast<unsigned>(__builtin_ctz(m))]);
}

}  // namespace warpsat::simt
