// The race detector: shadow memory with, per byte, the last write and up to
// two reads since it, and vector clocks over the warps of the running CTA
// that bar.sync/bar.arrive advance. See docs/emulator.md, "Race detection".
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

std::string to_string(const Race& r) {
  return fmt::format("{} race on {} memory at 0x{:x}: {}, {}", r.hazard(), to_string(r.space), r.first_address,
                     access_text(r.first), access_text(r.second));
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
    : module_(module), launch_(launch), program_(program), shared_(std::make_unique<Shadow>()),
      global_(std::make_unique<Shadow>()) {}

RaceDetector::~RaceDetector() = default;

void RaceDetector::begin_cta(uint64_t linear_cta, uint32_t warps) {
  cta_ = static_cast<uint32_t>(linear_cta);
  warps_ = warps;
  clock_.assign(size_t{warps} * warps, 0);
  for (auto& b : barrier_clock_) b.clear();
  wsync_.assign(warps, 0);
  synced_at_.assign(size_t{warps} * kWarpSize, 0);
  shared_->clear();  // shared memory is the CTA's own
}

void RaceDetector::arrive(uint32_t warp, uint32_t id) {
  // Accesses before the arrival keep the old epoch; the barrier carries the
  // new one, so a waiter that joins it sees them as done.
  uint32_t* own = &clock_[size_t{warp} * warps_];
  ++own[warp];
  std::vector<uint32_t>& b = barrier_clock_[id];
  if (b.empty()) b.assign(warps_, 0);
  for (uint32_t v = 0; v < warps_; ++v) b[v] = std::max(b[v], own[v]);
}

void RaceDetector::release(uint32_t id, const std::vector<uint32_t>& waiting) {
  std::vector<uint32_t>& b = barrier_clock_[id];
  if (b.empty()) return;
  for (uint32_t w : waiting) {
    uint32_t* c = &clock_[size_t{w} * warps_];
    for (uint32_t v = 0; v < warps_; ++v) c[v] = std::max(c[v], b[v]);
  }
  b.clear();
}

void RaceDetector::warp_sync(uint32_t warp, uint32_t lanes) {
  uint32_t n = ++wsync_[warp];
  for (uint32_t m = lanes; m; m &= m - 1) synced_at_[size_t{warp} * kWarpSize + static_cast<unsigned>(__builtin_ctz(m))] = n;
}

bool RaceDetector::ordered(const Record& a, const Record& b) const {
  if (a.cta != b.cta) return false;  // CTAs never synchronise with each other (no grid sync here)
  if (a.thread == b.thread) return true;  // program order
  uint32_t wa = a.thread / kWarpSize, wb = b.thread / kWarpSize;
  const uint32_t* cb = &clock_[size_t{wb} * warps_];
  if (wa != wb) return cb[wa] > a.epoch;
  // The same warp: a barrier the warp passed since orders everything.
  if (cb[wa] > a.epoch) return true;
  if (a.step == b.step) return false;  // lanes of one instruction are unordered
  unsigned la = a.thread % kWarpSize, lb = b.thread % kWarpSize;
  // Lockstep: a lane issued together with the earlier access (or the later
  // one) runs after (or before) it; only lanes on paths that have not
  // reconverged in between are unordered.
  if ((a.active >> lb) & 1u || (b.active >> la) & 1u) return true;
  const uint32_t* s = &synced_at_[size_t{wa} * kWarpSize];
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

void RaceDetector::conflict(RaceSpace space, uint64_t addr, const Record& earlier, const Record& now) {
  ++report_.conflicts;
  auto key = std::make_tuple(static_cast<int>(space), earlier.function, earlier.instruction, now.function,
                             now.instruction, earlier.write + 2 * earlier.atomic, now.write + 2 * now.atomic);
  auto [it, fresh] = index_.try_emplace(key, report_.races.size());
  if (fresh) {
    Race r;
    r.space = space;
    r.first_address = addr;
    r.first = describe(earlier);
    r.second = describe(now);
    report_.races.push_back(std::move(r));
  }
  ++report_.races[it->second].conflicts;
}

void RaceDetector::access(const Exec& x, const Op& op, unsigned lane, RaceSpace space, uint64_t addr, size_t n,
                          bool write) {
  if (op.atomic && !write) return;  // the atomic's update is recorded as its write
  Record now;
  now.cta = cta_;
  now.thread = static_cast<uint16_t>(x.warp.id * kWarpSize + lane);
  now.write = write;
  now.atomic = op.atomic;
  uint32_t w = x.warp.id;
  now.epoch = clock_[size_t{w} * warps_ + w];
  now.step = static_cast<uint32_t>(x.warp.steps);
  now.active = x.frame.stack.empty() ? (1u << lane) : x.frame.stack.back().mask & ~x.warp.exited;
  now.wsync = wsync_[w];
  now.function = x.frame.code->index;
  now.instruction = op.index;
  Shadow& shadow = space == RaceSpace::Shared ? *shared_ : *global_;
  for (size_t i = 0; i < n; ++i) {
    Cell& c = shadow.at(addr + i);
    if (c.write.valid() && !(c.write.atomic && now.atomic) && !ordered(c.write, now))
      conflict(space, addr + i, c.write, now);
    if (write) {
      for (Record& r : c.read)
        if (r.valid() && !ordered(r, now)) conflict(space, addr + i, r, now);
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
