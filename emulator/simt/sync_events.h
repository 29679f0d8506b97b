// The mbarrier and wgmma events of a run, for a caller that watches the
// protocol of a warp-specialized kernel (`check-pipeline`,
// emulator/pipeline_check.h). The emulator reports them to the
// EmulatorOptions::sync_observer it was given; without one (every other
// command) each mbarrier operation and wgmma pays one untaken branch.
#pragma once

#include <cstdint>

namespace warpsat::simt {

struct SyncEvent {
  enum class Kind : uint8_t {
    Init,         // mbarrier.init: count = arrivals per phase
    Arrive,       // arrive-on (arrive, arrive_drop, cp.async.mbarrier.arrive): count arrivals, tx_bytes expected first
    ExpectTx,     // mbarrier.expect_tx: tx_bytes
    CompleteTx,   // complete-tx: tx_bytes, by a bulk copy (bulk = true) or mbarrier.complete_tx
    WaitBlocked,  // try_wait/test_wait found the phase of `parity` incomplete
    WaitPassed,   // try_wait/test_wait found it complete: observed = the phase that completed
    Inval,        // mbarrier.inval
    Wgmma,        // a warp issued wgmma.mma_async: accumulate = its scale-d (false: D = A * B)
  };
  Kind kind = Kind::Init;
  uint64_t block = 0;       // the barrier's CTA (linear in the grid); Wgmma: the issuing CTA
  uint32_t offset = 0;      // the barrier's offset in that CTA's shared memory
  uint64_t by_block = 0;    // the executing CTA (another one for a remote arrive or a multicast)
  uint32_t warp = 0, lane = 0;  // the executing warp (in its CTA) and lane
  uint32_t function = 0, instruction = 0;  // the executing instruction
  uint32_t count = 0;       // Init: arrivals per phase; Arrive: arrivals
  uint32_t parity = 0;      // waits: the parity waited for
  uint64_t tx_bytes = 0;    // ExpectTx, CompleteTx, arrive.expect_tx
  int64_t phase = 0;        // the barrier's current phase (phases completed since init) before the event;
                            // WaitPassed: the phase it observed complete (-1: the one before the first)
  bool completed = false;   // the event completed the barrier's current phase
  bool bulk = false;        // CompleteTx by a TMA / bulk copy
  bool accumulate = false;  // Wgmma's scale-d
};

// Called in execution order from the thread that runs the launch. An
// observer may throw to stop the run (the exception leaves run_kernel).
class SyncObserver {
 public:
  virtual ~SyncObserver() = default;
  virtual void on_sync(const SyncEvent& event) = 0;
};

}  // namespace warpsat::simt
