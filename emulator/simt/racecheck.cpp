// The race detector: shadow memory with, per byte, the last write and up to
// two reads since it, and vector clocks over the warps of the running
// cluster that bar.sync/bar.arrive, barrier.cluster and mbarriers advance.
// See docs/emulator.md, "Race detection".
#include "emulator/simt/racecheck.h"

#include <fmt/format.h>

#include "emulator/simt/emulator.h"
#include "emulator/simt/state.h"

namespace warpsat::simt {

std::string_view to_string(RaceSpace s) { return s == RaceSpace::Shared ? "shared" : "global"; }

std::string RaceAccess::kind() const { return atomic ? "atomic" : write ? "write" : "read"; }

std::string Race::hazard() const {
  if (first.write && second.write) return "WAW";
  return first.write ? "RAW" : "WAR";
}

namespace {
std::string access_text(const RaceAccess& a) {
  return fmt::format("{} by thread ({},{},{}) of block ({},{},{}) at PTX line {}{}", a.kind(), a.thread_xyz[0],
                     a.thread_xyz[1], a.thread_xyz[2], a.cta_xyz[0], a.cta_xyz[1], a.cta_xyz[2], a.ptx_line,
                     a.loc.line ? fmt::format(" (source line {})", a.loc.line) : "");
}
}  // namespace

std::string shared_block_text(const Race& r) {
  if (!r.cluster_shared) return "";
  return fmt::format(" of block ({},{},{})", r.shared_block_xyz[0], r.shared_block_xyz[1], r.shared_block_xyz[2]);
}

std::string to_string(const Race& r) {
  return fmt::format("{} race on {} memory{} at 0x{:x}: {}, {}", r.hazard(), to_string(r.space), shared_block_text(r),
                     r.first_address, access_text(r.first), access_text(r.second));
}

// Shadow cells in pages created on first touch: global memory is sparse and
// may be large, and shared memory is mostly small.
struct RaceDetector::Shadow {
  static constexpr unsigned kPageBits = 8;
  std::unordered_map<uint64_t, std::unique_ptr<Cell[]>> pages;
  uint64_t last_page = UINT64_MAX;
  Cell* last = nullptr;

  Cell& at(uint64_t addr) {
    uint64_t page = addr >> kPageBits;
    if (page != last_page) {
      auto& p = pages[page];
      if (!p) p = std::make_unique<Cell[]>(size_t{1} << kPageBits);
      last_page = page;
      last = p.get();
    }
    return last[addr & ((uint64_t{1} << kPageBits) - 1)];
  }
  void clear() {
    pages.clear();
    last_page = UINT64_MAX;
    last = nullptr;
  }
};

RaceDetector::RaceDetector(const ptx::Module& module, const Launch& launch, const Program& program)
    : module_(module), launch_(launch), program_(program), global_(std::make_unique<Shadow>()) {}

RaceDetector::~RaceDetector() = default;

void RaceDetector::begin_cluster(const std::vector<uint64_t>& linear_ctas, uint32_t warps) {
  const uint32_t ranks = static_cast<uint32_t>(linear_ctas.size());
  ctas_.assign(linear_ctas.begin(), linear_ctas.end());
  warps_ = warps;
  total_warps_ = ranks * warps;
  clock_.assign(size_t{total_warps_} * total_warps_, 0);
  barrier_clock_.assign(ranks, {});
  cluster_pending_.clear();
  cluster_completed_.clear();
  mbarriers_.clear();
  wsync_.assign(total_warps_, 0);
  synced_at_.assign(size_t{total_warps_} * kWarpSize, 0);
  // Shared memory is each CTA's own.
  while (shared_.size() < ranks) shared_.push_back(std::make_unique<Shadow>());
  for (auto& sh : shared_) sh->clear();
}

void RaceDetector::release_into(uint32_t g, std::vector<uint32_t>& into) {
  // Accesses before the release keep the old epoch; the clock carries the
  // new one, so a warp that acquires it sees them as done.
  uint32_t* own = clock_of(g);
  ++own[g];
  if (into.empty()) into.assign(total_warps_, 0);
  for (uint32_t v = 0; v < total_warps_; ++v) into[v] = std::max(into[v], own[v]);
}

void RaceDetector::acquire_from(uint32_t g, const std::vector<uint32_t>& from) {
  if (from.empty()) return;
  uint32_t* c = clock_of(g);
  for (uint32_t v = 0; v < total_warps_; ++v) c[v] = std::max(c[v], from[v]);
}

void RaceDetector::arrive(uint32_t rank, uint32_t warp, uint32_t id) {
  release_into(global_warp(rank, warp), barrier_clock_[rank][id]);
}

void RaceDetector::release(uint32_t rank, uint32_t id, const std::vector<uint32_t>& waiting) {
  std::vector<uint32_t>& b = barrier_clock_[rank][id];
  for (uint32_t w : waiting) acquire_from(global_warp(rank, w), b);
  b.clear();
}

void RaceDetector::cluster_arrive(uint32_t rank, uint32_t warp, bool release) {
  // A .relaxed arrival counts toward the phase but publishes nothing.
  if (release) release_into(global_warp(rank, warp), cluster_pending_);
}

void RaceDetector::cluster_complete() {
  cluster_completed_ = std::move(cluster_pending_);
  cluster_pending_.clear();
}

void RaceDetector::cluster_wait(uint32_t rank, uint32_t warp) {
  acquire_from(global_warp(rank, warp), cluster_completed_);
}

void RaceDetector::mbarrier_arrive(uint32_t rank, uint32_t warp, uint32_t owner, uint64_t offset, bool release) {
  if (release) release_into(global_warp(rank, warp), mbarriers_[{owner, offset}].pending);
}

void RaceDetector::mbarrier_complete(uint32_t owner, uint64_t offset, uint32_t parity) {
  MbarrierClocks& m = mbarriers_[{owner, offset}];
  m.completed[parity & 1] = std::move(m.pending);
  m.pending.clear();
}

void RaceDetector::mbarrier_wait(uint32_t rank, uint32_t warp, uint32_t owner, uint64_t offset, uint32_t parity) {
  auto it = mbarriers_.find({owner, offset});
  if (it != mbarriers_.end()) acquire_from(global_warp(rank, warp), it->second.completed[parity & 1]);
}

void RaceDetector::mbarrier_init(uint32_t owner, uint64_t offset) { mbarriers_.erase({owner, offset}); }

void RaceDetector::warp_sync(uint32_t rank, uint32_t warp, uint32_t lanes) {
  uint32_t g = global_warp(rank, warp);
  uint32_t n = ++wsync_[g];
  for (uint32_t m = lanes; m; m &= m - 1) synced_at_[size_t{g} * kWarpSize + static_cast<unsigned>(__builtin_ctz(m))] = n;
}

bool RaceDetector::ordered(const Record& a, const Record& b) const {
  // CTAs of different clusters never synchronise (no grid sync here); `a`
  // may come from an earlier cluster (global memory), `b` is of this one.
  if (a.rank >= ctas_.size() || ctas_[a.rank] != a.cta) return false;
  if (a.cta == b.cta && a.thread == b.thread) return true;  // program order
  uint32_t ga = global_warp(a.rank, a.thread / kWarpSize), gb = global_warp(b.rank, b.thread / kWarpSize);
  const uint32_t* cb = &clock_[size_t{gb} * total_warps_];
  if (ga != gb) return cb[ga] > a.epoch;
  // The same warp: a barrier the warp passed since orders everything.
  if (cb[ga] > a.epoch) return true;
  if (a.step == b.step) return false;  // lanes of one instruction are unordered
  unsigned la = a.thread % kWarpSize, lb = b.thread % kWarpSize;
  // Lockstep: a lane issued together with the earlier access (or the later
  // one) runs after (or before) it; only lanes on paths that have not
  // reconverged in between are unordered.
  if ((a.active >> lb) & 1u || (b.active >> la) & 1u) return true;
  const uint32_t* s = &synced_at_[size_t{ga} * kWarpSize];
  return s[la] > a.wsync && s[lb] > a.wsync;
}

RaceAccess RaceDetector::describe(const Record& r) const {
  RaceAccess a;
  a.cta = r.cta;
  a.thread = r.thread;
  const uint32_t* g = launch_.grid;
  const uint32_t* b = launch_.block;
  a.cta_xyz[0] = static_cast<uint32_t>(r.cta % g[0]);
  a.cta_xyz[1] = static_cast<uint32_t>((r.cta / g[0]) % g[1]);
  a.cta_xyz[2] = static_cast<uint32_t>(r.cta / (uint64_t{g[0]} * g[1]));
  a.thread_xyz[0] = r.thread % b[0];
  a.thread_xyz[1] = (r.thread / b[0]) % b[1];
  a.thread_xyz[2] = r.thread / (b[0] * b[1]);
  a.write = r.write != 0;
  a.atomic = r.atomic != 0;
  const ptx::Function& f = *program_.functions[r.function].function;
  a.function = std::string(f.name);
  a.instruction = r.instruction;
  const ptx::Instruction& ins = f.instructions[r.instruction];
  a.ptx_line = ins.pos.line;
  a.loc = ins.loc;
  return a;
}

void RaceDetector::conflict(RaceSpace space, uint32_t owner, uint64_t addr, const Record& earlier, const Record& now) {
  ++report_.conflicts;
  auto key = std::make_tuple(static_cast<int>(space), earlier.function, earlier.instruction, now.function,
                             now.instruction, earlier.write + 2 * earlier.atomic, now.write + 2 * now.atomic);
  auto [it, fresh] = index_.try_emplace(key, report_.races.size());
  if (fresh) {
    Race r;
    r.space = space;
    r.first_address = addr;
    if (space == RaceSpace::Shared && ctas_.size() > 1) {
      r.cluster_shared = true;
      const uint32_t* g = launch_.grid;
      uint64_t c = ctas_[owner];
      r.shared_block_xyz[0] = static_cast<uint32_t>(c % g[0]);
      r.shared_block_xyz[1] = static_cast<uint32_t>((c / g[0]) % g[1]);
      r.shared_block_xyz[2] = static_cast<uint32_t>(c / (uint64_t{g[0]} * g[1]));
    }
    r.first = describe(earlier);
    r.second = describe(now);
    report_.races.push_back(std::move(r));
  }
  ++report_.races[it->second].conflicts;
}

void RaceDetector::access(const Exec& x, const Op& op, unsigned lane, RaceSpace space, uint64_t addr, size_t n,
                          bool write, uint32_t owner) {
  if (op.atomic && !write) return;  // the atomic's update is recorded as its write
  Record now;
  now.cta = static_cast<uint32_t>(x.cta.linear);
  now.rank = x.cta.rank;
  now.thread = static_cast<uint16_t>(x.warp.id * kWarpSize + lane);
  now.write = write;
  now.atomic = op.atomic;
  uint32_t w = global_warp(x.cta.rank, x.warp.id);
  now.epoch = clock_[size_t{w} * total_warps_ + w];
  now.step = static_cast<uint32_t>(x.warp.steps);
  now.active = x.frame.stack.empty() ? (1u << lane) : x.frame.stack.back().mask & ~x.warp.exited;
  now.wsync = wsync_[w];
  now.function = x.frame.code->index;
  now.instruction = op.index;
  Shadow& shadow = space == RaceSpace::Shared ? *shared_[owner] : *global_;
  for (size_t i = 0; i < n; ++i) {
    Cell& c = shadow.at(addr + i);
    if (c.write.valid() && !(c.write.atomic && now.atomic) && !ordered(c.write, now))
      conflict(space, owner, addr + i, c.write, now);
    if (write) {
      for (Record& r : c.read)
        if (r.valid() && !ordered(r, now)) conflict(space, owner, addr + i, r, now);
      c.write = now;
      c.read[0] = c.read[1] = Record{};
      continue;
    }
    // Keep reads from two different threads, so that any later writer
    // differs from at least one; a read the new one is ordered after is
    // stale and makes room.
    Record* slot = nullptr;
    for (Record& r : c.read)
      if (!r.valid() || ordered(r, now)) {  // ordered() covers the same thread
        slot = &r;
        break;
      }
    if (slot) *slot = now;
  }
}

RaceReport RaceDetector::take_report() {
  index_.clear();
  return std::move(report_);
}

}  // namespace warpsat::simt
