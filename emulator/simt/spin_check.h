// Detection of a warp that can never finish: a spin-wait on a word no thread
// will change (docs/emulator.md, "Spin-waits"). The emulator is
// deterministic, so a warp whose complete state comes back unchanged, with
// no change to anything it shares with other warps in between, repeats that
// cycle for as long as the shared state stays as it is.
#pragma once

#include <cstdint>
#include <vector>

#include "emulator/simt/state.h"

namespace warpsat::simt {

// Everything a warp's next steps depend on besides memory, barriers and the
// clock: its call frames (registers, reconvergence stacks, parameters), its
// local memory and its exited lanes. The constant parts (valid lanes, special
// registers other than the clocks) are left out.
struct WarpSnapshot {
  std::vector<Frame> frames;
  std::vector<std::vector<uint8_t>> local;
  uint32_t exited = 0;

  void take(const Warp& w);
  bool same_as(const Warp& w) const;
};

// One warp's cycle detection (Brent's: a snapshot refreshed at power-of-two
// visit counts, so any cycle period is caught), restarted whenever the shared
// state changes. Check points are the warp's backward branches.
class SpinCheck {
 public:
  // Ordinary loops pay nothing before the warp has run this many
  // instructions, and then one comparison every kCompareEvery visits.
  static constexpr uint64_t kFirstStep = uint64_t{1} << 14;
  static constexpr uint64_t kCompareEvery = 32;

  // A visit of a check point; `shared_version` counts every change of state
  // shared between warps (RunState::shared_version). True when the warp is
  // back in a state it had at an earlier visit with the same shared state
  // and no clock read in between: it repeats while the shared state stays.
  bool visit(const Warp& w, uint64_t shared_version) {
    // Most visits only count: the comparison and the snapshots come at
    // multiples of kCompareEvery.
    if (shared_version == version_ && w.clock_reads == clock_reads_ && (++visits_ % kCompareEvery) != 0) [[likely]]
      return confirmed_;
    return visit_slowly(w, shared_version);
  }
  // Whether the warp was found repeating and nothing has changed since.
  bool repeating(const Warp& w, uint64_t shared_version) const {
    return confirmed_ && shared_version == version_ && w.clock_reads == clock_reads_;
  }

 private:
  bool visit_slowly(const Warp& w, uint64_t shared_version);

  uint64_t version_ = ~uint64_t{0};
  uint64_t clock_reads_ = 0;
  uint64_t visits_ = 0;
  bool has_snapshot_ = false;
  bool confirmed_ = false;
  WarpSnapshot snapshot_;
};

}  // namespace warpsat::simt
