// Thread-block clusters and the waits the scheduler resolves across a
// cluster's CTAs (exec_cluster.cpp; docs/emulator.md, "Thread-block clusters").
#pragma once

#include <cstdint>

#include "emulator/simt/emulator.h"
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

// How many clusters of a launch a GPU of `sms` SMs of compute capability
// `sm` (ptx::target_sm) keeps resident at once, each of `shared_bytes` of
// shared memory per CTA: CTAs per SM bounded by 2,048 threads, 32 CTAs, the
// SM's shared memory (a block's most plus the driver's reserve, per CTA)
// and, where the kernel declares .maxnreg, 64K registers; at least one
// cluster. Registers are counted only then: the PTX does not say how many
// ptxas gives a kernel without it.
uint64_t cluster_residency(const ptx::Function& kernel, const Launch& launch, uint32_t cluster_size,
                           uint64_t shared_bytes, uint32_t sm, uint32_t sms);

}  // namespace warpsat::simt
