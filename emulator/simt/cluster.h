// Thread-block clusters and the waits the scheduler resolves across a
// cluster's CTAs (exec_cluster.cpp; docs/emulator.md, "Thread-block clusters").
#pragma once

#include <cstdint>

#include "emulator/simt/state.h"

namespace warpsat::simt {

struct RunState;

// An SM's register file: what the warps of a CTA (one per SM) may hold
// after setmaxnreg, in 32-bit registers.
inline constexpr uint64_t kRegistersPerSm = 65536;

// barrier.cluster: when every non-exited thread of the cluster has arrived,
// completes the phase and wakes the warps waiting in barrier.cluster.wait.
// True when it completed one.
bool complete_cluster_barrier(RunState& rs, Cluster& cluster);

// setmaxnreg.inc: whether the CTA's register file has room for `w`'s
// request (Warp::register_request) now.
bool registers_available(const RunState& rs, const Cta& cta, const Warp& w);

// Every live warp of the cluster waits and nothing can release any of them:
// throws EmulationError naming each wait (barriers with their arrivals,
// mbarriers with their phase, arrivals and transaction bytes, setmaxnreg
// requests) and each waiting warp's PTX and source line.
[[noreturn]] void report_deadlock(const RunState& rs, const Cluster& cluster);

}  // namespace warpsat::simt
