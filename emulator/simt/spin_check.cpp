#include "emulator/simt/spin_check.h"

#include <algorithm>

namespace warpsat::simt {

namespace {

bool same_stack(const std::vector<SimtEntry>& a, const std::vector<SimtEntry>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const SimtEntry& x, const SimtEntry& y) {
    return x.pc == y.pc && x.rpc == y.rpc && x.mask == y.mask;
  });
}

// The cheap parts first: a loop's induction variable usually sits in the
// registers, which are compared last.
bool same_frame(const Frame& a, const Frame& b) {
  return a.code == b.code && a.local_base == b.local_base && a.call == b.call && same_stack(a.stack, b.stack) &&
         a.params == b.params && a.regs == b.regs;
}

}  // namespace

void WarpSnapshot::take(const Warp& w) {
  // Assignment element by element keeps the vectors' capacity: refreshing a
  // snapshot allocates nothing once the warp's shape is known.
  frames.resize(w.frames.size());
  for (size_t i = 0; i < w.frames.size(); ++i) frames[i] = w.frames[i];
  local.resize(w.local.size());
  for (size_t i = 0; i < w.local.size(); ++i) local[i] = w.local[i];
  exited = w.exited;
}

bool WarpSnapshot::same_as(const Warp& w) const {
  if (exited != w.exited || frames.size() != w.frames.size()) return false;
  // The innermost frame holds the loop; compare it first.
  for (size_t i = frames.size(); i-- > 0;)
    if (!same_frame(frames[i], w.frames[i])) return false;
  return local == w.local;
}

bool SpinCheck::visit_slowly(const Warp& w, uint64_t shared_version) {
  if (shared_version != version_ || w.clock_reads != clock_reads_) {
    // Something another warp could see (or the clock) changed: what was
    // learnt about this warp no longer holds. Start over.
    version_ = shared_version;
    clock_reads_ = w.clock_reads;
    has_snapshot_ = false;
    confirmed_ = false;
    visits_ = 1;
  }
  if (!confirmed_ && has_snapshot_ && visits_ % kCompareEvery == 0 && snapshot_.same_as(w)) confirmed_ = true;
  // Snapshots at visits 32, 64, 128, ...: a loop that writes memory on every
  // iteration restarts the count each time and never copies its state.
  if (!confirmed_ && visits_ >= kCompareEvery && (visits_ & (visits_ - 1)) == 0) {
    snapshot_.take(w);
    has_snapshot_ = true;
  }
  return confirmed_;
}

}  // namespace warpsat::simt
