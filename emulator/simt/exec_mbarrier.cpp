// mbarrier: the shared-memory barrier objects behind cuda::barrier, the
// producer-consumer pipelines of warp-specialized kernels and TMA's
// transaction counts (PTX ISA, "Parallel Synchronization and Communication
// Instructions: mbarrier"; docs/emulator.md, "mbarrier").
//
// The word's layout is in mbarrier.h. A phase completes when its pending
// arrivals and its tx-count are both zero; the check follows every operation
// that changes either (arrive-on, expect-tx, complete-tx), so a complete-tx
// that arrives before its expect-tx (a negative tx-count, which the ISA
// allows) completes nothing until the expect-tx comes. Lanes operate one
// after another in lane order, so a warp's arrivals are deterministic.
//
// try_wait may suspend the thread until the phase completes (the ISA lets it
// wait that long); here a warp whose try_wait finds its phase incomplete is
// suspended until the phase completes, and runs the try_wait again then. When
// nothing else can run, suspended warps are woken with try_wait returning
// false, as the hardware's time limit would (time_out_waits, cluster_run.cpp).
// test_wait never suspends; a warp that finds its phase incomplete ends its
// turn so the others run.
#include <cstring>

#include <fmt/format.h>

#include "emulator/simt/decode.h"
#include "emulator/simt/lanes.h"
#include "emulator/simt/mbarrier.h"
#include "emulator/simt/racecheck.h"
#include "emulator/simt/run_state.h"
#include "emulator/simt/sync_events.h"

namespace warpsat::simt {

using ptx::Opcode;

MbarrierWord MbarrierWord::decode(uint64_t w) {
  MbarrierWord m;
  m.pending = static_cast<uint32_t>(w & kMaxCount);
  m.expected = static_cast<uint32_t>((w >> 20) & kMaxCount);
  uint32_t tx = static_cast<uint32_t>((w >> 40) & 0x1fffff);
  m.tx = (tx & 0x100000) ? static_cast<int32_t>(tx) - (1 << 21) : static_cast<int32_t>(tx);
  m.valid = (w >> 62) & 1;
  m.parity = static_cast<uint32_t>(w >> 63);
  return m;
}

uint64_t MbarrierWord::encode() const {
  return uint64_t{pending} | uint64_t{expected} << 20 | (static_cast<uint64_t>(static_cast<uint32_t>(tx)) & 0x1fffff) << 40 |
         uint64_t{valid} << 62 | uint64_t{parity} << 63;
}

SharedTarget locate_shared(Exec& x, const Op& op, unsigned lane, uint64_t addr, uint64_t n) {
  if (op.mem.space == ptx::StateSpace::Generic) {
    if (window_of(addr) != Window::Shared)
      x.fail(op, lane, fmt::format("address 0x{:x} is not in shared memory", addr));
    addr -= kSharedWindow;
  } else if (op.mem.space != ptx::StateSpace::Shared) {
    x.fail(op, lane, "expected a shared-memory address");
  } else if (addr >= kSharedWindow) {
    addr -= kSharedWindow;
  }
  Cta* cta = &x.cta;
  if (!cta->shared.contains(addr, n)) {
    cta = x.cluster_cta(addr);
    addr &= kClusterOffsetMask;
    if (!cta || !cta->shared.contains(addr, n))
      x.fail(op, lane, fmt::format("out-of-bounds shared access of {} byte(s) at address 0x{:x}", n, addr));
  }
  return {cta, addr};
}

namespace {

enum Kind : uint32_t { Init, Inval, Arrive, ExpectTx, CompleteTx, TestWait, TryWait, PendingCount, CpAsyncArrive };
enum Flag : uint32_t {
  kExpectTx = 1,     // arrive.expect_tx: an expect-tx first, then one arrival
  kNoComplete = 2,   // .noComplete: the arrival must not complete the phase
  kDrop = 4,         // arrive_drop: fewer arrivals expected from now on
  kParity = 8,       // test_wait/try_wait.parity: the operand is a parity, not a state token
  kNoInc = 16,       // cp.async.mbarrier.arrive.noinc
  kRelaxed = 64,     // .relaxed: the arrive releases, the wait acquires nothing (race detector)
};

uint64_t* word_at(Exec& x, const Op& op, unsigned lane, const SharedTarget& t) {
  if (t.offset % 8) x.fail(op, lane, fmt::format("mbarrier at shared offset 0x{:x} is not 8-byte aligned", t.offset));
  return reinterpret_cast<uint64_t*>(t.cta->shared.data() + t.offset);
}

MbarrierWord valid_word(Exec& x, const Op& op, unsigned lane, const SharedTarget& t) {
  MbarrierWord m = MbarrierWord::decode(*word_at(x, op, lane, t));
  if (!m.valid)
    x.fail(op, lane, fmt::format("no mbarrier at shared offset 0x{:x} of block ({},{},{}): never initialised, or "
                                 "invalidated (undefined behaviour in PTX)",
                                 t.offset, t.cta->id[0], t.cta->id[1], t.cta->id[2]));
  return m;
}

// An event for EmulatorOptions::sync_observer, executed by `lane` of the
// current warp on the mbarrier at `offset` of `target`.
SyncEvent sync_event(const Exec& x, const Op& op, unsigned lane, SyncEvent::Kind kind, const Cta& target,
                     uint64_t offset) {
  SyncEvent e;
  e.kind = kind;
  e.block = target.linear;
  e.offset = static_cast<uint32_t>(offset);
  e.by_block = x.cta.linear;
  e.warp = x.warp.id;
  e.lane = lane;
  e.function = x.frame.code->index;
  e.instruction = op.index;
  auto it = target.mbarriers.find(static_cast<uint32_t>(offset));
  e.phase = it == target.mbarriers.end() ? 0 : static_cast<int64_t>(it->second.phase);
  return e;
}

// Stores the word back, completing the phase when nothing is pending; says
// whether it did.
bool update(Exec& x, const SharedTarget& t, MbarrierWord m) {
  MbarrierRecord& r = t.cta->mbarriers[static_cast<uint32_t>(t.offset)];
  if (r.opaque_tx) m.tx = 0;
  const bool completes = m.pending == 0 && m.tx == 0;
  if (completes) {
    if (x.run.race) x.run.race->mbarrier_complete(t.cta->rank, t.offset, m.parity);
    m.parity ^= 1;
    m.pending = m.expected;
    ++r.phase;
    r.arrivals = 0;
    r.tx_expected = r.tx_completed = 0;
  }
  r.expected_arrivals = m.expected;
  *reinterpret_cast<uint64_t*>(t.cta->shared.data() + t.offset) = m.encode();
  ++x.run.shared_version;
  return completes;
}

void add_tx(Exec& x, const Op& op, unsigned lane, const SharedTarget& t, MbarrierWord& m, int64_t delta) {
  int64_t tx = int64_t{m.tx} + delta;
  if (tx > MbarrierWord::kMaxTx || tx < -MbarrierWord::kMaxTx)
    x.fail(op, lane, fmt::format("mbarrier at shared offset 0x{:x}: tx-count {} + {} leaves [-(2^20 - 1), 2^20 - 1] "
                                 "(undefined behaviour in PTX)",
                                 t.offset, m.tx, delta));
  m.tx = static_cast<int32_t>(tx);
  MbarrierRecord& r = t.cta->mbarriers[static_cast<uint32_t>(t.offset)];
  (delta >= 0 ? r.tx_expected : r.tx_completed) += static_cast<uint64_t>(delta >= 0 ? delta : -delta);
  r.tx_function = x.frame.code->index;
  r.tx_instruction = op.index;
  r.tx_rank = x.cta.rank;
  r.tx_thread = x.warp.id * kWarpSize + lane;
  if (delta >= 0) {
    r.expect_seen = true;
    r.expect_function = r.tx_function;
    r.expect_instruction = r.tx_instruction;
  }
}

uint64_t count_operand(Exec& x, const Op& op, unsigned lane, const char* what) {
  uint64_t v = x.src(op, 0, lane) & 0xffffffffu;
  if (v > MbarrierWord::kMaxCount)
    x.fail(op, lane, fmt::format("{} {} is over 2^20 - 1 (undefined behaviour in PTX)", what, v));
  return v;
}

void arrive(Exec& x, const Op& op, unsigned lane, const SharedTarget& t, uint64_t count) {
  MbarrierWord m = valid_word(x, op, lane, t);
  SyncObserver* observer = x.run.options.sync_observer;
  SyncEvent e;
  if (observer) e = sync_event(x, op, lane, SyncEvent::Kind::Arrive, *t.cta, t.offset);
  if (op.flags & kExpectTx) {
    uint64_t bytes = count_operand(x, op, lane, "txCount");
    add_tx(x, op, lane, t, m, static_cast<int64_t>(bytes));
    e.tx_bytes = bytes;
  }
  if (count == 0 || count > m.pending)
    x.fail(op, lane, fmt::format("mbarrier at shared offset 0x{:x}: {} arrival(s) when the phase has {} pending "
                                 "(undefined behaviour in PTX)",
                                 t.offset, count, m.pending));
  if (op.flags & kDrop) {
    if (count > m.expected) x.fail(op, lane, "mbarrier.arrive_drop: more dropped than expected arrivals");
    m.expected -= static_cast<uint32_t>(count);
  }
  uint64_t token = uint64_t{m.parity} << 63 | uint64_t{1} << 62 | m.pending;
  m.pending -= static_cast<uint32_t>(count);
  if ((op.flags & kNoComplete) && m.pending == 0 && m.tx == 0)
    x.fail(op, lane, "mbarrier.arrive.noComplete completes the phase (undefined behaviour in PTX)");
  t.cta->mbarriers[static_cast<uint32_t>(t.offset)].arrivals += static_cast<uint32_t>(count);
  if (x.run.race) x.run.race->mbarrier_arrive(x.cta.rank, x.warp.id, t.cta->rank, t.offset, !(op.flags & kRelaxed));
  e.completed = update(x, t, m);
  if (observer) {
    e.count = static_cast<uint32_t>(count);
    observer->on_sync(e);
  }
  if (!op.dst.empty()) x.set(op.dst[0], lane, token);
}

// The lanes whose wait is over; the others' first barrier in `blocked`, the
// first lane's barrier and parity in `first_lane`.
uint32_t test_lanes(Exec& x, const Op& op, uint32_t mask, MbarrierWait& blocked, MbarrierWait& first_lane) {
  uint32_t done = 0;
  bool first = true, any = false;
  for_lanes(mask, [&](unsigned l) {
    SharedTarget t = locate_shared(x, op, l, x.address(op, l), 8);
    if (t.cta != &x.cta) x.fail(op, l, "mbarrier waits need a shared::cta address of the executing CTA");
    MbarrierWord m = valid_word(x, op, l, t);
    uint64_t v = x.src(op, 0, l);
    uint32_t waited = static_cast<uint32_t>((op.flags & kParity) ? v & 1 : v >> 63);
    bool over = m.parity != waited;  // the phase of that parity is the one before the current
    if (!any) first_lane = {x.cta.rank, static_cast<uint32_t>(t.offset), waited, 0, false}, any = true;
    x.set(op.dst[0], l, over);
    if (over && x.run.race && !(op.flags & kRelaxed))
      x.run.race->mbarrier_wait(x.cta.rank, x.warp.id, t.cta->rank, t.offset, waited);
    if (over) done |= 1u << l;
    else if (first) blocked = {x.cta.rank, static_cast<uint32_t>(t.offset), waited, 0, false}, first = false;
  });
  blocked.lanes = mask & ~done;
  return done;
}

void run_mbarrier(Exec& x, const Op& op, uint32_t mask) {
  Kind kind = static_cast<Kind>(op.aux);
  if (kind == TestWait || kind == TryWait) {
    MbarrierWait blocked, first_lane;
    uint32_t done = test_lanes(x, op, mask, blocked, first_lane);
    if (SyncObserver* observer = x.run.options.sync_observer; observer && mask) {
      const MbarrierWait& w = done == mask ? first_lane : blocked;
      SyncEvent e = sync_event(x, op, static_cast<unsigned>(__builtin_ctz(mask)),
                               done == mask ? SyncEvent::Kind::WaitPassed : SyncEvent::Kind::WaitBlocked, x.cta, w.offset);
      e.parity = w.parity;
      if (done == mask) --e.phase;  // the phase that completed last: the one waited for
      observer->on_sync(e);
    }
    if (done == mask) {
      x.warp.mbarrier.failed_once = false;
      return void(++x.warp.activity.mbarrier_waits);
    }
    bool fail_first = x.run.options.fail_first_try_wait && !x.warp.mbarrier.failed_once;
    if (kind == TestWait || x.warp.mbarrier.timed_out || fail_first) {
      // test_wait never suspends; a timed-out try_wait returns false once.
      x.warp.mbarrier.timed_out = false;
      if (kind == TryWait) x.warp.mbarrier.failed_once = true;
      x.warp.yield = true;
      ++x.warp.activity.mbarrier_waits;
      return;
    }
    // Suspended: the try_wait runs again when the phase completes, and is
    // counted as a wait then.
    ++x.warp.activity.mbarrier_blocked;
    x.warp.mbarrier = blocked;
    x.warp.state = Warp::State::AtMbarrier;
    return;
  }
  for_lanes(mask, [&](unsigned l) {
    if (kind == PendingCount) {
      x.set(op.dst[0], l, x.src(op, 0, l) & MbarrierWord::kMaxCount);
      return;
    }
    SharedTarget t = locate_shared(x, op, l, x.address(op, l), 8);
    switch (kind) {
      case Init: {
        uint64_t count = x.src(op, 0, l) & 0xffffffffu;
        if (count == 0 || count > MbarrierWord::kMaxCount)
          x.fail(op, l, fmt::format("mbarrier.init: count {} is outside [1, 2^20 - 1]", count));
        if (t.cta != &x.cta) x.fail(op, l, "mbarrier.init needs a shared::cta address of the executing CTA");
        // PTX leaves init of a valid mbarrier undefined. Several threads
        // initialising one barrier alike (a made-up launch's block shape can
        // make them) change nothing and pass; an init that discards what a
        // phase has seen is reported.
        MbarrierWord old = MbarrierWord::decode(*word_at(x, op, l, t));
        if (old.valid) {
          const MbarrierRecord& r = t.cta->mbarriers[static_cast<uint32_t>(t.offset)];
          if (r.phase || old.pending != old.expected || old.tx || old.expected != count)
            x.fail(op, l, fmt::format("mbarrier.init on the mbarrier at shared offset 0x{:x}, which is in use (phase "
                                      "{}, {} of {} arrivals; undefined behaviour in PTX: mbarrier.inval it first)",
                                      t.offset, r.phase, old.expected - old.pending, old.expected));
        }
        MbarrierWord m;
        m.pending = m.expected = static_cast<uint32_t>(count);
        m.valid = true;
        MbarrierRecord& r = t.cta->mbarriers[static_cast<uint32_t>(t.offset)];
        r = MbarrierRecord{};
        r.init_function = x.frame.code->index;
        r.init_instruction = op.index;
        if (x.run.race) x.run.race->mbarrier_init(t.cta->rank, t.offset);
        update(x, t, m);
        if (SyncObserver* observer = x.run.options.sync_observer) {
          SyncEvent e = sync_event(x, op, l, SyncEvent::Kind::Init, *t.cta, t.offset);
          e.count = static_cast<uint32_t>(count);
          observer->on_sync(e);
        }
        break;
      }
      case Inval:
        valid_word(x, op, l, t);
        if (SyncObserver* observer = x.run.options.sync_observer)
          observer->on_sync(sync_event(x, op, l, SyncEvent::Kind::Inval, *t.cta, t.offset));
        *word_at(x, op, l, t) = 0;
        t.cta->mbarriers.erase(static_cast<uint32_t>(t.offset));
        ++x.run.shared_version;
        break;
      case Arrive:
        if (t.cta != &x.cta && op.dst.size() && op.dst[0] != kNoSlot && !(op.flags & 32))
          x.fail(op, l, "an arrive on another CTA's mbarrier returns no state: write _ as the destination");
        arrive(x, op, l, t, (op.flags & kExpectTx) || op.src.size() < 1 ? 1 : count_operand(x, op, l, "count"));
        break;
      case CpAsyncArrive:
        // cp.async copies are complete at issue here, so the arrive-on they
        // trigger happens now; without .noinc it cancels its own increment.
        if (op.flags & kNoInc) arrive(x, op, l, t, 1);
        else valid_word(x, op, l, t);
        break;
      case ExpectTx:
      case CompleteTx: {
        MbarrierWord m = valid_word(x, op, l, t);
        int64_t bytes = static_cast<int64_t>(count_operand(x, op, l, "txCount"));
        SyncObserver* observer = x.run.options.sync_observer;
        SyncEvent e;
        if (observer)
          e = sync_event(x, op, l, kind == ExpectTx ? SyncEvent::Kind::ExpectTx : SyncEvent::Kind::CompleteTx, *t.cta,
                         t.offset);
        add_tx(x, op, l, t, m, kind == ExpectTx ? bytes : -bytes);
        e.completed = update(x, t, m);
        if (observer) {
          e.tx_bytes = static_cast<uint64_t>(bytes);
          observer->on_sync(e);
        }
        break;
      }
      default: break;
    }
  });
}

}  // namespace

void mbarrier_complete_tx(Exec& x, const Op& op, unsigned lane, Cta& target, uint64_t offset, uint64_t bytes) {
  SharedTarget t{&target, offset};
  if (!target.shared.contains(offset, 8))
    x.fail(op, lane, fmt::format("mbarrier at shared offset 0x{:x} is outside block ({},{},{})'s shared memory", offset,
                                 target.id[0], target.id[1], target.id[2]));
  MbarrierWord m = valid_word(x, op, lane, t);
  SyncObserver* observer = x.run.options.sync_observer;
  SyncEvent e;
  if (observer) e = sync_event(x, op, lane, SyncEvent::Kind::CompleteTx, target, offset);
  add_tx(x, op, lane, t, m, -static_cast<int64_t>(bytes));
  e.completed = update(x, t, m);
  if (observer) {
    e.tx_bytes = bytes;
    e.bulk = true;
    observer->on_sync(e);
  }
}

void mbarrier_complete_opaque(Exec& x, const Op& op, unsigned lane, Cta& target, uint64_t offset) {
  // Marked first, so that the complete-tx's update finds it; an offset
  // outside shared memory stops the run there all the same.
  target.mbarriers[static_cast<uint32_t>(offset)].opaque_tx = true;
  mbarrier_complete_tx(x, op, lane, target, offset, 0);
}

void check_mbarriers_at_exit(const RunState& rs, const Cluster& cluster) {
  for (const Cta* c : cluster.ctas)
    for (const auto& [offset, r] : c->mbarriers) {
      if (r.opaque_tx) continue;
      uint64_t w = 0;
      std::memcpy(&w, c->shared.data() + offset, 8);
      MbarrierWord m = MbarrierWord::decode(w);
      if (!m.valid || m.tx == 0) continue;
      const ptx::Instruction& ins = rs.module.functions[r.tx_function].instructions[r.tx_instruction];
      const uint32_t* b = rs.launch.block;
      std::string who = fmt::format("thread ({},{},{}) of block ({},{},{})", r.tx_thread % b[0],
                                    (r.tx_thread / b[0]) % b[1], r.tx_thread / (b[0] * b[1]),
                                    cluster.ctas[r.tx_rank]->id[0], cluster.ctas[r.tx_rank]->id[1],
                                    cluster.ctas[r.tx_rank]->id[2]);
      std::string what =
          m.tx < 0 ? fmt::format("{} transaction bytes arrived that no expect-tx announced, so no wait covered them (a "
                                 "copy's bytes counted in a phase after the one waited for: a wrong expect_tx byte "
                                 "count?)",
                                 -m.tx)
                   : fmt::format("{} transaction bytes were announced by expect-tx and never arrived (an expect_tx "
                                 "without its copy?)",
                                 m.tx);
      throw EmulationError({rs.module.source, ins.pos.line, ins.pos.column},
                           fmt::format("the run ended with the mbarrier at shared offset 0x{:x} of block ({},{},{}) in "
                                       "phase {} (parity {}), {} of {} arrivals, tx-count {}: {}; the last instruction "
                                       "that changed it is this one, by {}{}",
                                       offset, c->id[0], c->id[1], c->id[2], r.phase, m.parity, m.expected - m.pending,
                                       m.expected, m.tx, what, who,
                                       r.expect_seen ? fmt::format("; the last expect-tx: {}",
                                                                   ptx_place(rs, r.expect_function, r.expect_instruction))
                                                     : ""),
                           rs.module.text ? line_of(*rs.module.text, ins.pos.line) : "");
    }
}

bool mbarrier_wait_over(const Cluster& cluster, const MbarrierWait& wait) {
  const Cta& cta = *cluster.ctas[wait.rank];
  uint64_t w = 0;
  std::memcpy(&w, cta.shared.data() + wait.offset, 8);
  MbarrierWord m = MbarrierWord::decode(w);
  return !m.valid || m.parity != wait.parity;
}

std::string describe_mbarrier(const Cta& cta, uint64_t offset, const RunState* rs) {
  std::string where = fmt::format("mbarrier at shared offset 0x{:x} of block ({},{},{})", offset, cta.id[0], cta.id[1],
                                  cta.id[2]);
  if (!cta.shared.contains(offset, 8)) return where + ": outside shared memory";
  uint64_t w = 0;
  std::memcpy(&w, cta.shared.data() + offset, 8);
  MbarrierWord m = MbarrierWord::decode(w);
  if (!m.valid) return where + ": not initialised";
  auto it = cta.mbarriers.find(static_cast<uint32_t>(offset));
  MbarrierRecord r = it == cta.mbarriers.end() ? MbarrierRecord{} : it->second;
  std::string tx = r.opaque_tx ? ", transaction bytes not counted (opaque tensor maps)"
                   : r.tx_expected || r.tx_completed || m.tx
                       ? fmt::format(", {} of {} transaction bytes arrived (tx-count {})", r.tx_completed,
                                     r.tx_expected, m.tx)
                       : "";
  // Bytes missing or in excess: the expect-tx that announced the count is
  // the line to look at.
  // Arrivals missing: the init that set the count is the other line to look at.
  if (rs && m.pending > 0 && it != cta.mbarriers.end())
    tx += fmt::format("; initialised at {}", ptx_place(*rs, r.init_function, r.init_instruction));
  if (rs && m.tx != 0 && r.expect_seen)
    tx += fmt::format("; its last expect-tx: {}", ptx_place(*rs, r.expect_function, r.expect_instruction));
  return fmt::format("{}: phase {} (parity {}) incomplete, {} of {} arrivals{}", where, r.phase, m.parity,
                     m.expected - m.pending, m.expected, tx);
}

bool decode_mbarrier(Decoder& d, const ptx::Instruction& ins, Op& op) {
  const auto& ops = ins.operands;
  ptx::StateSpace space = ins.space().value_or(ptx::StateSpace::Generic);
  if (ins.op == Opcode::Cp) {  // cp.async.mbarrier.arrive{.noinc}
    if (!ins.has("async") || !ins.has("mbarrier") || !ins.has("arrive") || ins.has("bulk") || ops.size() != 1)
      return false;
    op.aux = CpAsyncArrive;
    op.flags = ins.has("noinc") ? kNoInc : 0;
    op.mem = d.memref(ops[0], space);
    op.run = run_mbarrier;
    return true;
  }
  if (ins.op != Opcode::Mbarrier) return false;
  if (ins.has("pending_count")) {
    if (ops.size() != 2) return false;
    op.aux = PendingCount;
    op.dst.push_back(d.slot(ops[0], ptx::ScalarType::U32));
    op.src.push_back(d.slot(ops[1], ptx::ScalarType::B64));
    op.run = run_mbarrier;
    return true;
  }
  if (ops.empty()) return false;
  if (ins.has("init") || ins.has("expect_tx") || ins.has("complete_tx") || ins.has("inval")) {
    if (ins.has("arrive") || ins.has("arrive_drop")) goto arrive;
    op.aux = ins.has("init") ? Init : ins.has("inval") ? Inval : ins.has("expect_tx") ? ExpectTx : CompleteTx;
    if (ops.size() != (op.aux == Inval ? 1u : 2u)) return false;
    op.mem = d.memref(ops[0], space);
    if (op.aux != Inval) op.src.push_back(d.slot(ops[1], ptx::ScalarType::U32));
    op.run = run_mbarrier;
    return true;
  }
arrive:
  if (ins.has("arrive") || ins.has("arrive_drop")) {
    if (ops.size() < 2 || ops.size() > 3) return false;
    op.aux = Arrive;
    op.flags = (ins.has("expect_tx") ? kExpectTx : 0) | (ins.has("noComplete") ? kNoComplete : 0) |
               (ins.has("arrive_drop") ? kDrop : 0) | (ins.has("relaxed") ? kRelaxed : 0);
    if (ops[0].kind == ptx::Operand::Kind::Sink) op.flags |= 32;  // no state returned
    op.dst.push_back(ops[0].kind == ptx::Operand::Kind::Sink ? d.scratch() : d.slot(ops[0], ptx::ScalarType::B64));
    op.mem = d.memref(ops[1], space);
    if (ops.size() == 3) op.src.push_back(d.slot(ops[2], ptx::ScalarType::U32));
    if ((op.flags & kExpectTx) && ops.size() != 3) return false;
    op.run = run_mbarrier;
    return true;
  }
  if (ins.has("test_wait") || ins.has("try_wait")) {
    if (ops.size() < 3 || ops.size() > 4) return false;  // try_wait may add a suspend-time hint
    op.aux = ins.has("try_wait") ? TryWait : TestWait;
    op.flags = (ins.has("parity") ? kParity : 0) | (ins.has("relaxed") ? kRelaxed : 0);
    op.dst.push_back(d.slot(ops[0], ptx::ScalarType::Pred));
    op.mem = d.memref(ops[1], space);
    op.src.push_back(d.slot(ops[2], (op.flags & kParity) ? ptx::ScalarType::U32 : ptx::ScalarType::B64));
    op.control = Control::Blocking;
    op.run = run_mbarrier;
    return true;
  }
  return false;
}

}  // namespace warpsat::simt
