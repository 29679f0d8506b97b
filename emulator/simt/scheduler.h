// The scheduler's state and entry point (scheduler.cpp), and the parts of a
// cluster's run outside its scheduling rounds (cluster_run.cpp).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "emulator/simt/emulator.h"
#include "emulator/simt/run_state.h"
#include "emulator/simt/spin_check.h"
#include "emulator/simt/state.h"

namespace warpsat::simt {

// The CTAs of one cluster, their spin checks, and what the scheduler
// remembers between rounds.
struct ClusterRun {
  Cluster cluster;
  std::vector<std::unique_ptr<Cta>> ctas;
  std::vector<std::vector<SpinCheck>> spin;  // [rank][warp], with EmulatorOptions::detect_spin
  // Suspended try_waits woken by a time-out: the shared version then, and
  // each woken warp's state, to tell a wait that can never end from one that
  // counts its attempts.
  uint64_t timeout_version = ~uint64_t{0};
  std::map<std::pair<uint32_t, uint32_t>, WarpSnapshot> timed_out;
  // Every warp that can run repeats with nothing shared changing: the spin
  // report, and the shared version then. Another cluster resident beside
  // this one may still change what they wait for (run_clusters).
  std::optional<EmulationError> spinning;
  uint64_t spinning_version = 0;
};

// Runs the clusters `order` lists (each given by `members`: its CTAs' linear
// ids by rank), one at a time while each can make progress. A GPU keeps
// several resident at once, so when every resident cluster spins on
// something only another can change, the next one is started beside them,
// up to `resident_limit` (cluster_residency). The spin is reported when none can
// change anything and no more may start. Returns the number of CTAs run.
uint64_t run_clusters(RunState& rs, const std::vector<uint64_t>& order, uint64_t resident_limit,
                      const std::function<std::vector<uint64_t>(uint64_t, uint32_t (&)[3])>& members);

// CTA `linear` of the grid, as rank `rank` of `cluster`.
std::unique_ptr<Cta> make_cta(RunState& rs, uint64_t linear, Cluster& cluster, uint32_t rank);

// Suspended try_waits see their phase incomplete; when nothing else can
// run, they are woken with try_wait returning false, as the hardware's time
// limit would. False when that cannot change anything: the same warps came
// back to the same waits in the same states with nothing shared changed
// since the last time-out (a deadlock).
bool time_out_waits(RunState& rs, ClusterRun& run);

// A cluster that has ended, or been stopped by on_branch: its warps' counts
// go to their roles (add_warp_role) and their path hashes to the launch's;
// unless stopped, what must be complete when a block ends is checked
// (wgmma groups, mbarrier phases).
void finish_cluster(RunState& rs, const ClusterRun& run);

}  // namespace warpsat::simt
