// mbarrier: the shared-memory barrier objects behind cuda::barrier and the
// producer-consumer pipelines of warp-specialized kernels (PTX ISA,
// "Parallel Synchronization and Communication Instructions: mbarrier").
//
// The 64-bit object's layout is opaque in PTX; here it is
//   bits 0..30   pending arrivals of the current phase
//   bits 31..61  expected arrivals per phase (the init count)
//   bit  63      the current phase's parity
// arrive returns the parity of the phase it arrived in as its state token,
// and test_wait / try_wait succeed once that phase has completed (the parity
// has flipped). Lanes arrive one after another in lane order, so a warp's
// arrivals are deterministic. try_wait never suspends: the warp spins, and
// the round-robin scheduler runs the others. expect_tx and the TMA
// transaction counts are not modelled (the instruction is refused).
#include "emulator/simt/decode.h"
#include "emulator/simt/lanes.h"

namespace warpsat::simt {

using ptx::Opcode;

namespace {

constexpr uint64_t kCountMask = (uint64_t{1} << 31) - 1;
constexpr uint64_t kPhaseBit = uint64_t{1} << 63;

uint64_t pending(uint64_t s) { return s & kCountMask; }
uint64_t expected(uint64_t s) { return (s >> 31) & kCountMask; }
uint64_t parity(uint64_t s) { return (s & kPhaseBit) ? 1 : 0; }

enum Kind : uint32_t { Init, Arrive, TestWait, TestWaitParity };

uint64_t read_state(Exec& x, const Op& op, unsigned lane, uint64_t addr) {
  uint64_t s = 0;
  x.load(op, lane, addr, &s, 8);
  return s;
}

void run_mbarrier(Exec& x, const Op& op, uint32_t mask) {
  for_lanes(mask, [&](unsigned l) {
    uint64_t addr = x.address(op, l);
    switch (static_cast<Kind>(op.aux)) {
      case Init: {
        uint64_t count = x.src(op, 0, l);
        if (count == 0 || count > kCountMask) x.fail(op, l, "mbarrier.init: the count must be in [1, 2^31 - 1]");
        uint64_t s = count | (count << 31);
        x.store(op, l, addr, &s, 8);
        break;
      }
      case Arrive: {
        uint64_t s = read_state(x, op, l, addr);
        uint64_t count = op.src.empty() ? 1 : x.src(op, 0, l);
        if (expected(s) == 0) x.fail(op, l, "mbarrier.arrive on an object that was never initialised");
        if (count == 0 || count > pending(s))
          x.fail(op, l, "mbarrier.arrive: more arrivals than the phase expects (undefined behaviour in PTX)");
        uint64_t token = parity(s);
        uint64_t left = pending(s) - count;
        uint64_t next = left ? (s & ~kCountMask) | left : ((s & ~kCountMask) ^ kPhaseBit) | expected(s);
        x.store(op, l, addr, &next, 8);
        if (!op.dst.empty()) x.set(op.dst[0], l, token);
        break;
      }
      case TestWait:
      case TestWaitParity: {
        uint64_t s = read_state(x, op, l, addr);
        uint64_t waited = x.src(op, 0, l) & 1;  // the token's parity, or the .parity operand
        x.set(op.dst[0], l, parity(s) != waited ? 1 : 0);
        break;
      }
    }
  });
}

}  // namespace

bool decode_mbarrier(Decoder& d, const ptx::Instruction& ins, Op& op) {
  if (ins.op != Opcode::Mbarrier) return false;
  // Transaction counts (TMA), arrive_drop, pending_count and the cluster
  // scope change what a phase is; they stay unsupported rather than guessed.
  for (const char* unsupported : {"expect_tx", "complete_tx", "arrive_drop", "pending_count", "cluster", "inval",
                                  "noComplete"})
    if (ins.has(unsupported)) return false;
  ptx::StateSpace space = ins.space().value_or(ptx::StateSpace::Generic);
  const auto& ops = ins.operands;
  if (ins.has("init")) {
    if (ops.size() != 2) return false;
    op.aux = Init;
    op.mem = d.memref(ops[0], space);
    op.src.push_back(d.slot(ops[1], ptx::ScalarType::U32));
  } else if (ins.has("arrive")) {
    if (ops.size() < 2 || ops.size() > 3) return false;
    op.aux = Arrive;
    if (ops[0].kind == ptx::Operand::Kind::Sink)
      op.dst.push_back(d.scratch());
    else
      op.dst.push_back(d.slot(ops[0], ptx::ScalarType::B64));
    op.mem = d.memref(ops[1], space);
    if (ops.size() == 3) op.src.push_back(d.slot(ops[2], ptx::ScalarType::U32));
  } else if (ins.has("test_wait") || ins.has("try_wait")) {
    if (ops.size() < 3 || ops.size() > 4) return false;  // try_wait may add a suspend-time hint
    op.aux = ins.has("parity") ? TestWaitParity : TestWait;
    op.dst.push_back(d.slot(ops[0], ptx::ScalarType::Pred));
    op.mem = d.memref(ops[1], space);
    op.src.push_back(d.slot(ops[2], ins.has("parity") ? ptx::ScalarType::U32 : ptx::ScalarType::B64));
  } else {
    return false;
  }
  op.run = run_mbarrier;
  return true;
}

}  // namespace warpsat::simt
