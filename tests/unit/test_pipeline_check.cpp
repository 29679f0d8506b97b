// check-pipeline's recovery and model check (emulator/pipeline_check.h) on
// hand-made mbarrier event sequences: a correct ring, then one change at a
// time, each found at the event where it happens.
#include <doctest/doctest.h>

#include <map>

#include "emulator/pipeline_check.h"

using namespace warpsat;
using simt::SyncEvent;
using Kind = SyncEvent::Kind;

namespace {

// A block's mbarriers and the events a kernel's operations on them produce,
// with the phases the emulator would report.
class Script {
 public:
  static constexpr uint32_t kProducer = 0, kConsumer = 4;
  static constexpr uint64_t kBytes = 1024;

  explicit Script(uint32_t depth, uint32_t initialised = 0) : depth_(depth) {
    for (uint32_t s = 0; s < std::max(depth, initialised); ++s) {
      init(full(s), 1);
      init(empty(s), 1);
    }
  }
  static uint32_t full(uint32_t s) { return 8 * s; }
  uint32_t empty(uint32_t s) const { return 0x100 + 8 * s; }
  uint32_t depth() const { return depth_; }

  void init(uint32_t offset, uint32_t count) {
    bars_[offset] = {0, count, count, 0};
    push(Kind::Init, offset, 0, [&](SyncEvent& e) { e.count = count; });
  }
  void announce(uint32_t offset, uint32_t warp = kProducer) {
    push(Kind::Arrive, offset, warp, [&](SyncEvent& e) {
      e.count = 1;
      e.tx_bytes = kBytes;
      Bar& b = bars_[offset];
      b.tx += static_cast<int64_t>(kBytes);
      --b.pending;
      e.completed = settle(b);
    });
  }
  void land(uint32_t offset) {
    push(Kind::CompleteTx, offset, kProducer, [&](SyncEvent& e) {
      e.tx_bytes = kBytes;
      e.bulk = true;
      Bar& b = bars_[offset];
      b.tx -= static_cast<int64_t>(kBytes);
      e.completed = settle(b);
    });
  }
  void arrive(uint32_t offset, uint32_t warp = kConsumer) {
    push(Kind::Arrive, offset, warp, [&](SyncEvent& e) {
      e.count = 1;
      Bar& b = bars_[offset];
      --b.pending;
      e.completed = settle(b);
    });
  }
  // A try_wait for the phase of `parity`: passes or blocks, as the emulator says.
  bool wait(uint32_t offset, uint32_t parity, uint32_t warp = kConsumer) {
    const Bar& b = bars_[offset];
    const bool over = static_cast<uint32_t>(b.phase & 1) != parity;
    push(over ? Kind::WaitPassed : Kind::WaitBlocked, offset, warp, [&](SyncEvent& e) {
      e.parity = parity;
      if (over) --e.phase;
    });
    return over;
  }
  void wgmma(bool accumulate, uint32_t warp = kConsumer) {
    SyncEvent e;
    e.kind = Kind::Wgmma;
    e.warp = warp;
    e.accumulate = accumulate;
    events.push_back(e);
  }

  // The producer's load k, as CUTLASS's producer_acquire and copy do it.
  void load(uint32_t k) {
    const uint32_t s = k % depth_, round = k / depth_;
    wait(empty(s), (round & 1) ^ 1, kProducer);
    announce(full(s));
    land(full(s));
  }
  // The consumer's multiply k and its release.
  void multiply(uint32_t k, bool release = true) {
    const uint32_t s = k % depth_, round = k / depth_;
    wait(full(s), round & 1);
    wgmma(k > 0);
    if (release) arrive(empty(s));
  }

  PipelineReport check(RunEnd end = RunEnd::Finished) const {
    static const ptx::Module module{};
    static const uint32_t grid[3] = {1, 1, 1};
    return check_pipeline_events(events, module, grid, end);
  }

  std::vector<SyncEvent> events;

 private:
  struct Bar {
    int64_t phase;
    uint32_t count, pending;
    int64_t tx;
  };
  static bool settle(Bar& b) {
    if (b.pending != 0 || b.tx != 0) return false;
    ++b.phase;
    b.pending = b.count;
    return true;
  }
  template <class F>
  void push(Kind kind, uint32_t offset, uint32_t warp, F&& fill) {
    SyncEvent e;
    e.kind = kind;
    e.offset = offset;
    e.warp = warp;
    e.phase = bars_[offset].phase;
    fill(e);
    events.push_back(e);
  }
  uint32_t depth_;
  std::map<uint32_t, Bar> bars_;
};

// Loads 0..D-1, then multiply j and load j + D in turn, then the rest.
Script correct_run(uint32_t depth, uint32_t loads) {
  Script s(depth);
  uint32_t next = 0;
  for (; next < std::min(depth, loads); ++next) s.load(next);
  for (uint32_t j = 0; j < loads; ++j) {
    s.multiply(j);
    if (next < loads) s.load(next++);
  }
  return s;
}

}  // namespace

TEST_CASE("check-pipeline: a correct ring is recovered and matches the model") {
  Script s = correct_run(2, 5);
  PipelineReport r = s.check();
  REQUIRE(r.rings.size() == 1);
  const PipelineRing& ring = r.rings[0];
  CHECK(ring.depth() == 2);
  CHECK(ring.unused_slots == 0);
  CHECK(ring.slots[0].full == 0);
  CHECK(ring.slots[1].empty == s.empty(1));
  CHECK(ring.producer_warps == std::vector<uint32_t>{0});
  CHECK(ring.consumer_warps == std::vector<uint32_t>{4});
  CHECK(ring.loads == 5);
  CHECK(ring.multiplies == 5);
  CHECK(ring.releases == 5);
  CHECK(ring.tile_loads == std::vector<uint64_t>{5});
  CHECK(ring.schedule == "one consumer warp group");
  // Loads 0 and 1, then multiply j, its release and load j + 2 in turn.
  REQUIRE(ring.steps.size() == 15);
  CHECK(ring.steps[0].kind == RingStep::Kind::Load);
  CHECK(ring.steps[1].k == 1);
  CHECK(ring.steps[2].kind == RingStep::Kind::Multiply);
  CHECK(ring.steps[3].kind == RingStep::Kind::Release);
  CHECK(ring.steps[3].k == 0);
  CHECK(ring.steps[4].kind == RingStep::Kind::Load);
  CHECK(ring.steps[4].k == 2);
  CHECK_FALSE(r.mismatch);
  CHECK(r.matches());
}

TEST_CASE("check-pipeline: slots a launch never fills come from their mbarrier.init") {
  Script s(3);
  s.load(0);
  s.multiply(0);
  PipelineReport r = s.check();
  REQUIRE(r.rings.size() == 1);
  CHECK(r.rings[0].depth() == 3);
  CHECK(r.rings[0].unused_slots == 2);
  CHECK(r.rings[0].slots[2].full == Script::full(2));
  CHECK(r.rings[0].slots[2].empty == s.empty(2));
  CHECK(r.matches());
}

TEST_CASE("check-pipeline: a load into a slot not yet freed is the first difference") {
  Script s(2);
  s.load(0);
  s.load(1);
  // Load 2 without waiting for the release of load 0.
  s.announce(Script::full(0));
  const uint64_t at = s.events.size() - 1;
  s.land(Script::full(0));
  PipelineReport r = s.check();
  REQUIRE(r.mismatch);
  CHECK(r.mismatch->event == at);
  CHECK(r.mismatch->k == 2);
  CHECK(r.mismatch->slot == 0);
  CHECK(r.mismatch->barrier == "full");
  CHECK(r.mismatch->expected.find("once multiply 0 has freed slot 0") != std::string::npos);
  CHECK(r.mismatch->equation.rfind("eq. 1-2: Sa(k), Sb(k) >= Sm(k-D) + T_MATH", 0) == 0);
  CHECK_FALSE(r.mismatch->at_end);
}

TEST_CASE("check-pipeline: slots filled out of round-robin order") {
  Script s(2);
  s.load(0);
  s.load(1);
  s.multiply(0);
  s.multiply(1);
  // Load 2 goes to slot 1 again (its phase 1) where the model fills slot 0.
  s.wait(s.empty(1), 0, Script::kProducer);
  s.announce(Script::full(1));
  const uint64_t at = s.events.size() - 1;
  PipelineReport r = s.check();
  REQUIRE(r.mismatch);
  CHECK(r.mismatch->event == at);
  CHECK(r.mismatch->k == 2);
  CHECK(r.mismatch->slot == 0);
  CHECK(r.mismatch->actual.find("load 3 (phase 1 of slot 1)") != std::string::npos);
  CHECK(r.mismatch->equation.rfind("eq. 1: Sa(k) >= Sb(k-1)", 0) == 0);
}

TEST_CASE("check-pipeline: a consumer that skips a load no one multiplied") {
  Script s(2);
  s.load(0);
  s.load(1);
  s.wait(Script::full(1), 0);  // multiply 1 before multiply 0
  const uint64_t at = s.events.size() - 1;
  PipelineReport r = s.check();
  REQUIRE(r.mismatch);
  CHECK(r.mismatch->event == at);
  CHECK(r.mismatch->k == 0);
  CHECK(r.mismatch->actual.find("skipping load 0") != std::string::npos);
  CHECK(r.mismatch->equation.rfind("eq. 3: Sm(k) >= Sm(k-1)", 0) == 0);
}

TEST_CASE("check-pipeline: a wait whose parity passes before any load completed") {
  Script s(2);
  s.load(0);
  s.wait(Script::full(1), 1);  // parity 1 on a barrier in phase 0: passes at once
  const uint64_t at = s.events.size() - 1;
  PipelineReport r = s.check(RunEnd::Error);
  REQUIRE(r.mismatch);
  CHECK(r.mismatch->event == at);
  CHECK(r.mismatch->k == 0);
  CHECK(r.mismatch->actual.find("no load had completed there") != std::string::npos);
}

TEST_CASE("check-pipeline: a slot released before its load was multiplied") {
  Script s(2);
  s.load(0);
  s.arrive(s.empty(0));  // the release of load 0, before any wait on it
  const uint64_t at = s.events.size() - 1;
  PipelineReport r = s.check(RunEnd::Error);
  REQUIRE(r.mismatch);
  CHECK(r.mismatch->event == at);
  CHECK(r.mismatch->barrier == "empty");
  CHECK(r.mismatch->k == 0);
}

TEST_CASE("check-pipeline: a deadlock from a missing release names the consumer's wait") {
  Script s(2);
  s.load(0);
  s.load(1);
  s.multiply(0, false);
  s.multiply(1, false);
  s.wait(s.empty(0), 0, Script::kProducer);  // load 2: blocked, slot 0 never freed
  s.wait(Script::full(0), 1);                // multiply 2: blocked
  const uint64_t at = s.events.size() - 1;
  PipelineReport r = s.check(RunEnd::Deadlock);
  REQUIRE(r.mismatch);
  CHECK(r.mismatch->event == at);
  CHECK(r.mismatch->k == 2);
  CHECK(r.mismatch->at_end);
  CHECK(r.mismatch->actual.find("never arrived on slot 0's empty barrier") != std::string::npos);
  // The same events from a run that stopped for another reason: pending
  // waits say nothing, and nothing before them differed.
  CHECK_FALSE(s.check(RunEnd::Error).mismatch);
}

TEST_CASE("check-pipeline: a load nobody multiplies, when the run ends") {
  Script s(2);
  s.load(0);
  s.load(1);
  s.multiply(0);
  PipelineReport r = s.check();
  REQUIRE(r.mismatch);
  CHECK(r.mismatch->k == 1);
  CHECK(r.mismatch->actual.find("which no consumer of block (0,0,0) waited for") != std::string::npos);
}

TEST_CASE("check-pipeline: two consumer warp groups, cooperative and ping-pong") {
  constexpr uint32_t kOther = 8;  // warp group 2
  SUBCASE("cooperative: both multiply every load, the release needs both") {
    Script s(2);
    s.init(s.empty(0), 2);
    s.init(s.empty(1), 2);
    s.load(0);
    s.load(1);
    for (uint32_t k = 0; k < 2; ++k)
      for (uint32_t w : {Script::kConsumer, kOther}) {
        s.wait(Script::full(k), 0, w);
        s.arrive(s.empty(k), w);
      }
    s.load(2);
    for (uint32_t w : {Script::kConsumer, kOther}) s.wait(Script::full(0), 1, w);
    PipelineReport r = s.check();
    REQUIRE(r.rings.size() == 1);
    CHECK(r.rings[0].consumer_groups() == std::vector<uint32_t>{1, 2});
    CHECK(r.rings[0].schedule.rfind("cooperative", 0) == 0);
    CHECK(r.matches());
  }
  SUBCASE("ping-pong: each load multiplied by one warp group, in turn") {
    Script s(2);
    s.load(0);
    s.load(1);
    s.multiply(0);
    s.load(2);
    s.multiply(1);
    s.load(3);
    s.wait(Script::full(0), 1, kOther);  // warp group 2's tile: loads 2 and 3
    s.arrive(s.empty(0), kOther);
    s.wait(Script::full(1), 1, kOther);
    s.arrive(s.empty(1), kOther);
    PipelineReport r = s.check();
    REQUIRE(r.rings.size() == 1);
    CHECK(r.rings[0].schedule.rfind("ping-pong", 0) == 0);
    CHECK(r.matches());
  }
}
