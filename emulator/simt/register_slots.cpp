// Register storage of a decoded function. A warp holds every slot for 32
// lanes, 256 bytes a slot: nvcc declares a virtual register per value
// (CUB's radix-sort onesweep kernel has 2,500), which took 7.7 MB per
// 384-thread block to allocate and zero, 4.7 ms a launch, longer than the
// branch replay's short runs themselves. Scalar registers whose live spans
// (frontend/analysis/liveness.h) do not overlap share a slot instead: a few
// hundred slots hold them all.
//
// Sharing is safe because each lane runs its own instructions in program
// order, and a handler writes only the lanes that execute it: a slot's old
// contents are never read once another register that shares it is written.
// Registers whose value at entry matters (read before any write, .reg
// parameters and returns, which the caller reads and writes) keep slots of
// their own, zero at entry as before, and so do vector registers, whose
// elements must be adjacent, and wgmma.mma_async's registers, written late.
// Registers share only with registers of the same width, since a slot's
// mask truncates what is written to it.
//
// The same argument lets a warp reuse the frame of a warp that has ended
// (RunState::free_frames): only the slots whose value at entry matters are
// cleared; every other slot is written before its lane reads it, so what
// the last warp left there is never seen (and is the same from run to run).
#include <algorithm>
#include <map>
#include <queue>
#include <tuple>

#include "emulator/simt/decode.h"
#include "frontend/analysis/liveness.h"

namespace warpsat::simt {

std::vector<Slot> assign_register_slots(const ptx::Function& f, const analysis::Cfg& cfg, std::vector<uint64_t>& masks,
                                        std::vector<Slot>& zero_at_entry) {
  const size_t n = f.registers.size();
  std::vector<analysis::LiveSpan> spans = analysis::register_live_spans(f, cfg);
  std::vector<bool> own(n, false), at_entry(n, false);
  for (size_t r = 0; r < n; ++r) {
    at_entry[r] = spans[r].live_at_entry;
    own[r] = f.registers[r].vector > 1 || at_entry[r];
  }
  // wgmma.mma_async writes its accumulators (and reads its A registers)
  // when all four warps of the warp group have issued it, after this warp
  // has run on: those registers must not share a slot with another.
  for (const ptx::Instruction& ins : f.instructions)
    if (ins.op == ptx::Opcode::Wgmma && !ins.modifiers.empty() && ins.modifiers[0] == "mma_async")
      for (size_t i = 0; i < ins.operands.size() && i < 2; ++i) {
        const ptx::Operand& o = ins.operands[i];
        if (o.kind == ptx::Operand::Kind::Register) own[o.reg] = true;
        for (const ptx::Operand& e : o.elements)
          if (e.kind == ptx::Operand::Kind::Register) own[e.reg] = true;
      }
  for (const auto* list : {&f.params, &f.returns})
    for (const ptx::Variable& v : *list)
      if (v.space != ptx::StateSpace::Param)
        for (size_t r = 0; r < n; ++r)
          if (!f.registers[r].in_range && f.registers[r].prefix == v.name) own[r] = at_entry[r] = true;

  std::vector<Slot> slot(n, kNoSlot);
  for (size_t r = 0; r < n; ++r) {
    if (!own[r]) continue;
    slot[r] = static_cast<Slot>(masks.size());
    for (unsigned e = 0; e < f.registers[r].vector; ++e) {
      if (at_entry[r]) zero_at_entry.push_back(static_cast<Slot>(masks.size()));
      masks.push_back(type_mask(f.registers[r].type));
    }
  }
  // Linear scan over the spans in order of their start, per width: a slot
  // whose register's span ended before this one starts is free again.
  // (A register no instruction names gets a span at 0 and a slot it never uses.)
  std::vector<size_t> order;
  for (size_t r = 0; r < n; ++r)
    if (!own[r]) order.push_back(r);
  auto first = [&](size_t r) { return spans[r].empty() ? 0u : spans[r].first; };
  auto last = [&](size_t r) { return spans[r].empty() ? 0u : spans[r].last; };
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return first(a) < first(b); });
  struct Pool {
    std::priority_queue<std::pair<uint32_t, Slot>, std::vector<std::pair<uint32_t, Slot>>, std::greater<>> busy;  // (last, slot)
    std::priority_queue<Slot, std::vector<Slot>, std::greater<>> free;
  };
  std::map<uint64_t, Pool> pools;  // by width mask
  for (size_t r : order) {
    uint64_t mask = type_mask(f.registers[r].type);
    Pool& p = pools[mask];
    while (!p.busy.empty() && p.busy.top().first < first(r)) {
      p.free.push(p.busy.top().second);
      p.busy.pop();
    }
    if (p.free.empty()) {
      slot[r] = static_cast<Slot>(masks.size());
      masks.push_back(mask);
    } else {
      slot[r] = p.free.top();
      p.free.pop();
    }
    p.busy.push({last(r), slot[r]});
  }
  return slot;
}

}  // namespace warpsat::simt
