// Replaying a run's mbarrier events against seed 001's pipeline
// (pipeline_check.h; docs/check-pipeline.md). Equations 1-3 order, for
// depth D: Sa(k) after Sb(k-1) (loads one after another), Sa(k) after
// Sm(k-D) + T_MATH (a slot is refilled only once the multiply that read it
// ended), Sm(k) after Sb(k) + T_LOAD_B (a multiply reads a complete load)
// and after Sm(k-1) (multiplies in order). In the kernel's terms, with load k
// in slot k mod D:
//   - a load starts with the producer's expect-tx on a full barrier in a new
//     phase; the k-th must be on slot k mod D, in that barrier's phase k / D,
//     and for k >= D the slot's empty barrier must have completed phase
//     k / D - 1 (the release of load k - D);
//   - a consumer warp's wait on a full barrier names the load it waits for
//     (the barrier's phase of the waited parity): it must be a later load
//     than the warp's previous one, every load in between must already have
//     been multiplied by another consumer (ping-pong warp groups take turns,
//     cooperative ones multiply every load), and the wait must complete on
//     that load, not an older phase;
//   - an empty barrier's phase j of slot s frees load j * D + s, which some
//     consumer of the block must have waited for.
// When the run ended in an error (a deadlock), waits that never completed
// are differences too: a consumer waiting for load k whose warp group
// multiplied load k - D and never arrived on that slot's empty barrier (the
// model frees the slot before load k, so the wait can never end), or, when
// nothing more specific is found, the first wait that never ended.
#include "emulator/pipeline_check.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>

#include <fmt/format.h>

#include "frontend/diagnostics.h"

namespace warpsat {

using simt::SyncEvent;
using Kind = SyncEvent::Kind;

std::string_view to_string(RingStep::Kind k) {
  switch (k) {
    case RingStep::Kind::Load: return "load";
    case RingStep::Kind::Multiply: return "multiply";
    case RingStep::Kind::Release: return "release";
  }
  return "?";
}

std::string block_label(uint64_t linear, const uint32_t (&grid)[3]) {
  const uint64_t gx = grid[0] ? grid[0] : 1, gy = grid[1] ? grid[1] : 1;
  return fmt::format("block ({},{},{})", linear % gx, (linear / gx) % gy, linear / (gx * gy));
}

namespace {

constexpr int64_t kNone = std::numeric_limits<int64_t>::min();

// The edges of equations 1-3 a difference breaks.
constexpr const char* kLoadOrder = "eq. 1: Sa(k) >= Sb(k-1) + T_LOAD_B (loads one after another, load k in slot k mod D)";
constexpr const char* kSlotFree =
    "eq. 1-2: Sa(k), Sb(k) >= Sm(k-D) + T_MATH (a slot is refilled only after the multiply that read it)";
constexpr const char* kMultiplyOrder = "eq. 3: Sm(k) >= Sm(k-1) + T_MATH (every load multiplied, in order)";
constexpr const char* kMultiplyAfterLoad = "eq. 3: Sm(k) >= Sb(k) + T_LOAD_B (a multiply reads a complete load)";

}  // namespace

std::string ptx_and_source_line(const ptx::Module& m, uint32_t function, uint32_t instruction) {
  if (function >= m.functions.size() || instruction >= m.functions[function].instructions.size()) return "?";
  const ptx::Instruction& ins = m.functions[function].instructions[instruction];
  if (!ins.loc.line) return fmt::format("PTX line {}", ins.pos.line);
  // The outermost inlined-at position: the line in the user's own function.
  uint32_t file = ins.loc.outer_line ? ins.loc.outer_file : ins.loc.file;
  uint32_t line = ins.loc.outer_line ? ins.loc.outer_line : ins.loc.line;
  std::string_view path = m.file_path(file);
  return fmt::format("PTX line {} (source {}:{})", ins.pos.line,
                     path.empty() ? "?" : path.substr(path.find_last_of('/') + 1), line);
}

namespace {

std::string place_of(const ptx::Module& m, uint32_t function, uint32_t instruction) {
  return ptx_and_source_line(m, function, instruction);
}

struct Consumer {
  int64_t last = -1;           // the last load it got
  int64_t intent = kNone;      // the load a pending (blocked) wait is for
  uint64_t intent_event = 0;
  uint32_t intent_slot = 0, intent_parity = 0;
};

struct RingState {
  std::vector<int64_t> announced;   // per slot: the full barrier's phase whose load has started (-1: none)
  std::vector<uint64_t> empty_done; // per slot: empty-barrier phases completed
  std::vector<uint64_t> load_event; // per load: the event that started it
  std::vector<int8_t> multiplied;   // per load: some consumer got it
  std::map<uint32_t, Consumer> consumers;  // by warp
  std::set<std::pair<uint32_t, int64_t>> group_loads;              // (warp group, load) it multiplied
  std::map<std::tuple<uint32_t, uint32_t, int64_t>, uint32_t> arrivals;  // (warp group, slot, phase) -> arrivals of this block's
  std::map<uint32_t, std::set<int64_t>> tile_starts;               // warp group -> loads a tile started at
  std::map<uint32_t, std::pair<uint64_t, uint32_t>> producer_waits;  // warp -> (event, slot) of a wait not yet over
};

class Replay {
 public:
  Replay(const std::vector<SyncEvent>& events, const ptx::Module& module, const uint32_t (&grid)[3],
         std::vector<PipelineRing>& rings)
      : events_(events), module_(module), grid_(grid), rings_(rings), state_(rings.size()) {
    for (size_t i = 0; i < rings_.size(); ++i) {
      const size_t d = rings_[i].depth();
      state_[i].announced.assign(d, -1);
      state_[i].empty_done.assign(d, 0);
      for (uint32_t s = 0; s < d; ++s) {
        role_[{rings_[i].block, rings_[i].slots[s].full}] = {i, s, true};
        if (rings_[i].slots[s].empty != PipelineSlot::kNoBarrier)
          role_.try_emplace({rings_[i].block, rings_[i].slots[s].empty}, Role{i, s, false});
      }
    }
  }

  std::optional<PipelineMismatch> run(RunEnd end) {
    for (uint64_t i = 0; i < events_.size(); ++i) step(i, events_[i]);
    finish(end);
    if (first_) return first_;
    for (auto* tier : {&at_end_, &consumer_stuck_, &never_multiplied_, &producer_stuck_})
      if (*tier) return *tier;
    return std::nullopt;
  }

 private:
  struct Role {
    size_t ring;
    uint32_t slot;
    bool full;
  };

  int64_t depth(size_t r) const { return static_cast<int64_t>(rings_[r].depth()); }

  std::string full_name(size_t r, int64_t load) const {
    const auto s = static_cast<uint32_t>(load % depth(r));
    return fmt::format("slot {}'s full barrier (shared 0x{:x})", s, rings_[r].slots[s].full);
  }
  std::string empty_name(size_t r, uint32_t s) const {
    return fmt::format("slot {}'s empty barrier (shared 0x{:x})", s, rings_[r].slots[s].empty);
  }
  std::string load_name(size_t r, int64_t load) const {
    if (load < 0) return "no load (the phase before the first)";
    return fmt::format("load {} (phase {} of slot {})", load, load / depth(r), load % depth(r));
  }
  std::string who(const SyncEvent& e) const {
    return fmt::format("warp {} (warp group {}) of {}", e.warp, e.warp / 4, block_label(e.by_block, grid_));
  }

  PipelineMismatch mismatch(uint64_t index, size_t r, int64_t k, bool full, std::string expected,
                            std::string actual) const {
    const SyncEvent& e = events_[index];
    PipelineMismatch m;
    m.event = index;
    m.k = k;
    m.slot = static_cast<uint32_t>(((k % depth(r)) + depth(r)) % depth(r));
    m.barrier = full ? "full" : "empty";
    m.barrier_offset = full ? rings_[r].slots[m.slot].full : rings_[r].slots[m.slot].empty;
    m.block = rings_[r].block;
    m.by_block = e.by_block;
    m.warp = e.warp;
    m.function = e.function;
    m.instruction = e.instruction;
    m.place = place_of(module_, e.function, e.instruction);
    m.expected = std::move(expected);
    m.actual = std::move(actual);
    return m;
  }
  void found(const char* equation, PipelineMismatch m) {
    m.equation = equation;
    if (!first_) first_ = std::move(m);
  }
  static void keep_earliest(const char* equation, std::optional<PipelineMismatch>& slot, PipelineMismatch m) {
    m.equation = equation;
    m.at_end = true;
    if (!slot || m.event < slot->event) slot = std::move(m);
  }

  void step(uint64_t i, const SyncEvent& e) {
    if (e.kind == Kind::Wgmma) return wgmma(e);
    auto it = role_.find({e.block, e.offset});
    if (it == role_.end()) return;
    const Role& role = it->second;
    RingState& st = state_[role.ring];
    if (role.full) {
      if (e.kind == Kind::ExpectTx || (e.kind == Kind::Arrive && e.tx_bytes > 0)) {
        if (e.block == e.by_block) announce(i, e, role);
      } else if ((e.kind == Kind::WaitBlocked || e.kind == Kind::WaitPassed) && e.block == e.by_block) {
        consumer_wait(i, e, role);
      }
      return;
    }
    if (e.kind == Kind::WaitBlocked && e.block == e.by_block) st.producer_waits.try_emplace(e.warp, i, role.slot);
    if (e.kind == Kind::WaitPassed && e.block == e.by_block) st.producer_waits.erase(e.warp);
    if (e.kind == Kind::Arrive) release_arrival(i, e, role);
  }

  // The producer announces a load: its expect-tx on a full barrier.
  void announce(uint64_t i, const SyncEvent& e, const Role& role) {
    const size_t r = role.ring;
    RingState& st = state_[r];
    if (st.announced[role.slot] == e.phase) return;  // a second expect-tx for the same load
    st.announced[role.slot] = e.phase;
    const int64_t d = depth(r);
    const auto k = static_cast<int64_t>(rings_[r].loads++);
    rings_[r].steps.push_back({RingStep::Kind::Load, e.phase * depth(r) + role.slot, i, e.by_block, e.warp, e.function, e.instruction});
    st.load_event.push_back(i);
    st.multiplied.push_back(0);
    const int64_t load = e.phase * d + role.slot;
    if (load != k) {
      found(kLoadOrder, mismatch(i, r, k, true,
                     fmt::format("load {} fills slot {} ({}), its phase {}", k, k % d, full_name(r, k), k / d),
                     fmt::format("{} announced {} on {} with expect-tx", who(e), load_name(r, load),
                                 full_name(r, load))));
      return;
    }
    if (k < d) return;
    const PipelineSlot& slot = rings_[r].slots[role.slot];
    if (slot.empty == PipelineSlot::kNoBarrier) {
      found(kSlotFree, mismatch(i, r, k, true,
                     fmt::format("load {} starts once multiply {} has freed slot {}", k, k - d, role.slot),
                     fmt::format("{} started load {} having waited on no barrier for the slot to be freed", who(e),
                                 k)));
    } else if (st.empty_done[role.slot] < static_cast<uint64_t>(k / d)) {
      found(kSlotFree, mismatch(i, r, k, true,
                     fmt::format("load {} starts once multiply {} has freed slot {} (phase {} of {} complete)", k,
                                 k - d, role.slot, k / d - 1, empty_name(r, role.slot)),
                     fmt::format("{} started load {} with that phase incomplete: the slot still holds load {}",
                                 who(e), k, k - d)));
    }
  }

  // What a consumer's wait for `load` must satisfy when it starts.
  void check_intent(uint64_t i, const SyncEvent& e, size_t r, uint32_t slot, const Consumer& c, int64_t load) {
    const RingState& st = state_[r];
    const int64_t next = c.last + 1;
    if (load <= c.last) {
      found(kMultiplyOrder, mismatch(i, r, next, true,
                     fmt::format("multiply {} waits for load {} on {}", next, next, full_name(r, next)),
                     fmt::format("{} waited on {} for {}: {}", who(e), full_name(r, slot),
                                 load_name(r, load),
                                 load < 0 ? "no load had completed there, yet the wait's parity let it pass"
                                          : "a load it had multiplied already")));
      return;
    }
    for (int64_t g = next; g < load; ++g) {
      if (g < static_cast<int64_t>(st.multiplied.size()) && st.multiplied[g]) continue;
      found(kMultiplyOrder, mismatch(i, r, g, true, fmt::format("multiply {} waits for load {} on {}", g, g, full_name(r, g)),
                     fmt::format("{} waited on {} for {}, skipping load {}, which no consumer had multiplied",
                                 who(e), full_name(r, load), load_name(r, load), g)));
      return;
    }
  }

  void consumer_wait(uint64_t i, const SyncEvent& e, const Role& role) {
    const size_t r = role.ring;
    RingState& st = state_[r];
    Consumer& c = st.consumers[e.warp];
    const int64_t d = depth(r);
    last_ring_[{e.by_block, e.warp}] = r;
    if (e.kind == Kind::WaitBlocked) {
      if (c.intent != kNone && c.intent_slot == role.slot && c.intent_parity == e.parity) return;  // tried again
      c.intent = e.phase * d + role.slot;  // blocked: the current phase has the waited parity
      c.intent_event = i;
      c.intent_slot = role.slot;
      c.intent_parity = e.parity;
      check_intent(i, e, r, role.slot, c, c.intent);
      return;
    }
    const int64_t got = e.phase * d + role.slot;  // phase -1: negative, no load
    if (c.intent != kNone) {
      if (got != c.intent)
        found(kMultiplyAfterLoad, mismatch(i, r, c.intent, true,
                       fmt::format("multiply {} starts when load {} has completed", c.intent, c.intent),
                       fmt::format("{}'s wait on {} ended on {}", who(e), full_name(r, c.intent), load_name(r, got))));
      c.intent = kNone;
    } else {
      check_intent(i, e, r, role.slot, c, got);
    }
    if (got < 0) return;
    if (got >= static_cast<int64_t>(st.multiplied.size())) {
      // A completed phase with no announced load (bytes without expect-tx).
      st.multiplied.resize(got + 1, 0);
      st.load_event.resize(got + 1, i);
    }
    if (!st.multiplied[got]) {
      ++rings_[r].multiplies;
      rings_[r].steps.push_back({RingStep::Kind::Multiply, got, i, e.by_block, e.warp, e.function, e.instruction});
    }
    st.multiplied[got] = 1;
    st.group_loads.insert({e.warp / 4, got});
    c.last = std::max(c.last, got);
  }

  // An arrival on an empty barrier; the one that completes a phase frees a load.
  void release_arrival(uint64_t i, const SyncEvent& e, const Role& role) {
    const size_t r = role.ring;
    RingState& st = state_[r];
    if (e.by_block == e.block) st.arrivals[{e.warp / 4, role.slot, e.phase}] += e.count;
    if (!e.completed) return;
    ++st.empty_done[role.slot];
    ++rings_[r].releases;
    const int64_t load = e.phase * depth(r) + role.slot;
    rings_[r].steps.push_back({RingStep::Kind::Release, load, i, e.by_block, e.warp, e.function, e.instruction});
    if (load < static_cast<int64_t>(st.multiplied.size()) && st.multiplied[load]) return;
    found(kSlotFree, mismatch(i, r, load, false,
                   fmt::format("slot {} is freed after multiply {} has read load {}", role.slot, load, load),
                   fmt::format("{} completed phase {} of {} (freeing load {}) before any consumer of {} waited for "
                               "that load",
                               who(e), e.phase, empty_name(r, role.slot), load, block_label(rings_[r].block, grid_))));
  }

  void wgmma(const SyncEvent& e) {
    auto it = last_ring_.find({e.by_block, e.warp});
    if (it == last_ring_.end()) return;
    const size_t r = it->second;
    RingState& st = state_[r];
    auto c = st.consumers.find(e.warp);
    if (c == st.consumers.end() || c->second.last < 0) return;
    ++rings_[r].wgmma;
    if (!e.accumulate) st.tile_starts[e.warp / 4].insert(c->second.last);
  }

  void finish(RunEnd end) {
    const bool stopped = end == RunEnd::Deadlock;
    for (size_t r = 0; r < rings_.size(); ++r) {
      RingState& st = state_[r];
      PipelineRing& ring = rings_[r];
      const int64_t d = depth(r);
      summarize(r);
      if (end == RunEnd::Error) continue;  // what was pending when another error stopped the run says nothing
      if (stopped) {
        for (const auto& [warp, c] : st.consumers) {
          if (c.intent == kNone) continue;
          const SyncEvent& e = events_[c.intent_event];
          const int64_t freed = c.intent - d;
          const uint32_t group = warp / 4;
          if (freed >= 0 && st.group_loads.count({group, freed})) {
            const auto s = static_cast<uint32_t>(freed % d);
            const bool arrived = st.arrivals.count({group, s, freed / d}) > 0;
            if (!arrived && st.empty_done[s] <= static_cast<uint64_t>(freed / d)) {
              keep_earliest(kSlotFree, at_end_,
                            mismatch(c.intent_event, r, c.intent, true,
                                     fmt::format("multiply {} frees slot {} (an arrival of warp group {} on {}) "
                                                 "before load {} is waited for",
                                                 freed, s, group, empty_name(r, s), c.intent),
                                     fmt::format("{} waits for load {} on {}; its warp group multiplied load {} and "
                                                 "never arrived on {}, so load {} can never start: the wait never "
                                                 "ended",
                                                 who(e), c.intent, full_name(r, c.intent), freed, empty_name(r, s),
                                                 c.intent)));
              continue;
            }
          }
          keep_earliest(kMultiplyAfterLoad, consumer_stuck_, mismatch(c.intent_event, r, c.intent, true,
                                            fmt::format("multiply {} starts once load {} completes", c.intent,
                                                        c.intent),
                                            fmt::format("{} waits for load {} on {}; the wait never ended", who(e),
                                                        c.intent, full_name(r, c.intent))));
        }
        for (const auto& [warp, wait] : st.producer_waits) {
          const SyncEvent& e = events_[wait.first];
          const auto k = static_cast<int64_t>(ring.loads);
          keep_earliest(kSlotFree, producer_stuck_,
                        mismatch(wait.first, r, k, false,
                                 fmt::format("load {} starts once multiply {} has freed slot {}", k, k - d,
                                             wait.second),
                                 fmt::format("{} waits on {} and the wait never ended", who(e),
                                             empty_name(r, wait.second))));
        }
      }
      {
        std::set<int64_t> awaited;
        for (const auto& [warp, c] : st.consumers)
          if (c.intent != kNone) awaited.insert(c.intent);
        for (size_t load = 0; load < st.multiplied.size(); ++load) {
          if (st.multiplied[load] || awaited.count(static_cast<int64_t>(load))) continue;
          const SyncEvent& e = events_[st.load_event[load]];
          keep_earliest(kMultiplyOrder, never_multiplied_,
                        mismatch(st.load_event[load], r, static_cast<int64_t>(load), true,
                                 fmt::format("multiply {} reads load {}", load, load),
                                 fmt::format("{} started load {}, which no consumer of {} waited for", who(e), load,
                                             block_label(ring.block, grid_))));
          break;
        }
      }
    }
  }

  // Loads per tile and the schedule, for the report.
  void summarize(size_t r) {
    RingState& st = state_[r];
    PipelineRing& ring = rings_[r];
    std::map<uint32_t, std::vector<int64_t>> by_group;
    std::map<int64_t, std::set<uint32_t>> groups_of_load;
    for (const auto& [group, load] : st.group_loads) {
      by_group[group].push_back(load);
      groups_of_load[load].insert(group);
    }
    std::set<int64_t> starts;
    for (const auto& [group, loads] : by_group) {
      if (ring.wgmma == 0) break;  // tiles are counted where the consumers multiply
      const std::set<int64_t>& s = st.tile_starts[group];
      int64_t count = 0;
      for (size_t i = 0; i < loads.size(); ++i) {
        if (i > 0 && s.count(loads[i]) && count > 0) {
          if (!starts.count(loads[i - count])) ring.tile_loads.push_back(count);
          starts.insert(loads[i - count]);
          count = 0;
        }
        ++count;
      }
      if (count > 0 && !starts.count(loads[loads.size() - count])) {
        ring.tile_loads.push_back(count);
        starts.insert(loads[loads.size() - count]);
      }
    }
    const size_t groups = by_group.size();
    bool every = true, one = true;
    for (const auto& [load, gs] : groups_of_load) {
      every &= gs.size() == groups;
      one &= gs.size() == 1;
    }
    ring.schedule = groups <= 1 ? "one consumer warp group"
                    : every     ? "cooperative (every consumer warp group multiplies every load)"
                    : one       ? "ping-pong (each load multiplied by one consumer warp group)"
                                : "mixed";
  }

  const std::vector<SyncEvent>& events_;
  const ptx::Module& module_;
  const uint32_t (&grid_)[3];
  std::vector<PipelineRing>& rings_;
  std::vector<RingState> state_;
  std::map<std::pair<uint64_t, uint32_t>, Role> role_;           // (block, offset)
  std::map<std::pair<uint64_t, uint32_t>, size_t> last_ring_;    // (block, warp) -> the ring it last waited on
  // The first difference found in order, then those found when the run
  // ended, most telling first: a release missing, a consumer's wait that
  // never ended, a load nobody waited for, a producer's wait that never ended.
  std::optional<PipelineMismatch> first_, at_end_, consumer_stuck_, never_multiplied_, producer_stuck_;
};

// Keeps the events, dropping a wait that fails again on what the same warp's
// previous event already failed on (a spin on test_wait, a timed-out
// try_wait tried again).
class Recorder : public simt::SyncObserver {
 public:
  explicit Recorder(uint64_t max_events) : max_(max_events) {}
  void on_sync(const SyncEvent& e) override {
    auto& last = last_[{e.by_block, e.warp}];
    if (e.kind == Kind::WaitBlocked && last < events.size()) {
      const SyncEvent& p = events[last];
      if (p.kind == Kind::WaitBlocked && p.block == e.block && p.offset == e.offset && p.parity == e.parity) return;
    }
    if (events.size() >= max_)
      throw command_line_error(fmt::format("the run recorded more than {} mbarrier events (--max-events); a "
                                           "smaller launch (fewer blocks, a smaller K) checks the same pipeline",
                                           max_));
    last = events.size();
    events.push_back(e);
  }
  std::vector<SyncEvent> events;

 private:
  uint64_t max_;
  std::map<std::pair<uint64_t, uint32_t>, uint64_t> last_;
};

}  // namespace

PipelineReport check_pipeline_events(const std::vector<SyncEvent>& events, const ptx::Module& module,
                                     const uint32_t (&grid)[3], RunEnd end) {
  PipelineReport report;
  report.events = events.size();
  std::set<uint64_t> blocks;
  for (const SyncEvent& e : events)
    if (e.kind == Kind::Init) blocks.insert(e.block);
  report.blocks_with_barriers = blocks.size();
  report.rings = recover_pipelines(events);
  report.mismatch = Replay(events, module, grid, report.rings).run(end);
  return report;
}

PipelineRun run_pipeline_check(const ptx::Module& module, simt::Launch launch, simt::EmulatorOptions options,
                               uint64_t max_events) {
  const ptx::Function& kernel = simt::find_kernel(module, launch.kernel);
  const SourceLocation at{module.source, kernel.pos.line, kernel.pos.column};
  Recorder recorder(max_events);
  options.sync_observer = &recorder;
  options.return_buffers = false;
  PipelineRun run;
  const uint32_t grid[3] = {launch.grid[0], launch.grid[1], launch.grid[2]};
  try {
    simt::run_kernel(module, std::move(launch), options);
  } catch (const simt::EmulationError& e) {
    run.stopped = e;
  }
  // Only a deadlock leaves waits that can never end: every warp waiting
  // (try_wait suspends), or a warp spinning forever on test_wait (the spin
  // check's stop). After another error (a hazard, an out-of-bounds access)
  // the pending waits say nothing.
  const bool deadlock = run.stopped && (run.stopped->message().rfind("deadlock", 0) == 0 ||
                                        run.stopped->message().find("it can never finish") != std::string::npos);
  run.report = check_pipeline_events(recorder.events, module, grid,
                                     deadlock ? RunEnd::Deadlock : run.stopped ? RunEnd::Error : RunEnd::Finished);
  if (run.report.blocks_with_barriers == 0) {
    if (run.stopped) throw *run.stopped;
    throw InputError(at, fmt::format("kernel {} initialises no mbarrier: check-pipeline checks the circular buffer of "
                                     "a warp-specialized kernel (full and empty mbarriers, TMA loads)",
                                     kernel.name));
  }
  if (run.report.rings.empty()) {
    if (run.stopped) throw *run.stopped;
    throw InputError(at, fmt::format("kernel {} initialises {} but no bulk copy (TMA) completes transaction bytes on "
                                     "any of them that a producer announced with expect-tx: no load pipeline to check",
                                     kernel.name, "mbarriers"));
  }
  if (run.stopped && !run.report.mismatch) throw *run.stopped;
  return run;
}

}  // namespace warpsat
