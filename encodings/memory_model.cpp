#include "encodings/memory_model.h"

#include <algorithm>

#include "frontend/ptx/memory_effects.h"

namespace warpsat {

using ptx::Opcode;
using ptx::StateSpace;

// The store families (ptx::stored_space), and what else may change memory
// under a proof: multimem stores, the mbarrier object in shared memory, and a
// call, which may do anything.
std::optional<StateSpace> written_space(const ptx::Instruction& ins) {
  switch (ins.op) {
    case Opcode::Multimem: return ins.space().value_or(StateSpace::Generic);
    case Opcode::Mbarrier: return StateSpace::Shared;
    case Opcode::Call: return StateSpace::Generic;
    default: return ptx::stored_space(ins);
  }
}

bool ordered_load(const ptx::Instruction& ins) {
  return ins.has("volatile") || ins.has("relaxed") || ins.has("acquire") || ins.has("mmio");
}

bool block_barrier(const ptx::Instruction& ins) {
  if (ins.op != Opcode::Bar && ins.op != Opcode::Barrier) return false;
  if (ins.has_guard || ins.has("arrive") || ins.has("warp") || ins.has("cluster")) return false;
  // bar.sync a{, b}; bar.red.op.type d, a{, b}, p: the barrier id and the
  // optional thread count follow the destination of a reduction.
  size_t id = ins.has("red") ? 1 : 0;
  if (ins.operands.size() <= id) return false;
  const ptx::Operand& a = ins.operands[id];
  if (a.kind != ptx::Operand::Kind::Int || a.value != 0) return false;
  size_t rest = ins.operands.size() - id - 1;  // a thread count, and a reduction's predicate
  return rest == (ins.has("red") ? 1u : 0u);
}

MemoryModel::MemoryModel(const ptx::Module& m, const ptx::Function& f, const analysis::FunctionAnalysis& a,
                         bool race_free)
    : m_(m), f_(f), a_(a), race_free_(race_free) {
  find_written_spaces();
  find_dirty_loads();
  find_concurrent_writes();
  find_global_writers();
}

void MemoryModel::find_written_spaces() {
  for (const ptx::Function& fn : m_.functions)
    for (const ptx::Instruction& ins : fn.instructions) {
      if (auto s = written_space(ins); s && ins.op != Opcode::Call) written_.insert(*s);
      surfaces_written_ = surfaces_written_ || ins.op == Opcode::Sust || ins.op == Opcode::Sured;
    }
}

bool MemoryModel::space_written(StateSpace s) const {
  if (written_.count(StateSpace::Generic)) return true;
  if (s == StateSpace::Generic) return !written_.empty();
  return written_.count(s) > 0;
}

namespace {
// A write that may reach shared memory (generic addresses may be shared).
bool writes_shared(const ptx::Instruction& ins) {
  auto s = written_space(ins);
  return s && (*s == StateSpace::Shared || *s == StateSpace::Generic);
}
}  // namespace

// Forward over the CFG: "a shared (or generic) write may have happened since
// the last block-wide barrier". A load reached that way may read its own
// thread's store, or a store another thread ordered with a warp-level sync:
// no value shared by the block.
void MemoryModel::find_dirty_loads() {
  const auto& blocks = a_.cfg.blocks;
  dirty_.assign(f_.instructions.size(), true);
  std::vector<char> in(blocks.size(), 0), out(blocks.size(), 0), seen(blocks.size(), 0);
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t b = 0; b < blocks.size(); ++b) {
      if (!a_.cfg.reachable[b]) continue;
      bool d = false;
      for (uint32_t p : blocks[b].preds)
        if (p < blocks.size() && out[p]) d = true;
      in[b] = d;
      for (uint32_t i = blocks[b].first; i < blocks[b].end; ++i) {
        const ptx::Instruction& ins = f_.instructions[i];
        if (block_barrier(ins)) d = false;
        if (writes_shared(ins)) d = true;
      }
      if (!seen[b] || out[b] != d) changed = true;
      seen[b] = 1;
      out[b] = d;
    }
  }
  for (uint32_t b = 0; b < blocks.size(); ++b) {
    bool d = in[b];
    for (uint32_t i = blocks[b].first; i < blocks[b].end; ++i) {
      const ptx::Instruction& ins = f_.instructions[i];
      dirty_[i] = d || !a_.cfg.reachable[b];
      if (block_barrier(ins)) d = false;
      if (writes_shared(ins)) d = true;
    }
  }
}

// Per barrier interval (from a block-wide barrier, or the entry, forward to
// the next barriers): whether a shared write happens anywhere in it. An
// ordered load (ld.volatile, .relaxed, .acquire) is no data race with a
// store of another thread in its interval, so it may read that store; with
// no write in any interval it belongs to, it reads what was stored before
// the barrier, like a plain load.
void MemoryModel::find_concurrent_writes() {
  const auto& blocks = a_.cfg.blocks;
  concurrent_write_.assign(f_.instructions.size(), true);
  // The instructions of an interval that starts after instruction `from`
  // (UINT32_MAX: the entry), and whether it writes shared memory.
  std::vector<char> hit(f_.instructions.size(), 0);
  auto flood = [&](uint32_t block, uint32_t from) {
    std::vector<uint32_t> region;
    std::vector<char> queued(blocks.size(), 0);
    std::vector<std::pair<uint32_t, uint32_t>> work{{block, from == UINT32_MAX ? blocks[block].first : from + 1}};
    bool writes = false;
    while (!work.empty()) {
      auto [b, start] = work.back();
      work.pop_back();
      bool stopped = false;
      for (uint32_t i = start; i < blocks[b].end && !stopped; ++i) {
        const ptx::Instruction& ins = f_.instructions[i];
        if (block_barrier(ins)) stopped = true;
        else {
          region.push_back(i);
          writes = writes || writes_shared(ins);
        }
      }
      if (stopped) continue;
      for (uint32_t s : blocks[b].succs)
        if (s < blocks.size() && !queued[s]) queued[s] = 1, work.emplace_back(s, blocks[s].first);
    }
    for (uint32_t i : region) hit[i] = hit[i] || writes;
  };
  if (blocks.empty()) return;
  flood(0, UINT32_MAX);
  for (uint32_t b = 0; b < blocks.size(); ++b)
    for (uint32_t i = blocks[b].first; i < blocks[b].end; ++i)
      if (a_.cfg.reachable[b] && block_barrier(f_.instructions[i])) flood(b, i);
  for (uint32_t i = 0; i < f_.instructions.size(); ++i) concurrent_write_[i] = hit[i];
}

void MemoryModel::find_global_writers() {
  std::vector<uint32_t> out;
  // A store in another function is one a call may run: its address is not
  // the kernel's to encode.
  for (const ptx::Function& fn : m_.functions) {
    if (&fn == &f_ || fn.is_entry) continue;
    for (const ptx::Instruction& ins : fn.instructions)
      if (auto s = written_space(ins); s && (*s == StateSpace::Global || *s == StateSpace::Generic)) return;
  }
  for (uint32_t i = 0; i < f_.instructions.size(); ++i) {
    const ptx::Instruction& ins = f_.instructions[i];
    auto s = written_space(ins);
    if (!s || (*s != StateSpace::Global && *s != StateSpace::Generic)) continue;
    if (ins.op == Opcode::Call) return;
    if (ins.op != Opcode::St && ins.op != Opcode::Atom && ins.op != Opcode::Red) return;
    size_t at = ins.op == Opcode::Atom ? 1 : 0;
    if (ins.operands.size() <= at || ins.operands[at].kind != ptx::Operand::Kind::Address) return;
    out.push_back(i);
  }
  global_writers_ = std::move(out);
}

bool MemoryModel::may_prove_unwritten(uint32_t index) const {
  const ptx::Instruction& ins = f_.instructions[index];
  if (ins.op != Opcode::Ld || ordered_load(ins) || !global_writers_) return false;
  StateSpace s = ins.space().value_or(StateSpace::Generic);
  return (s == StateSpace::Global || s == StateSpace::Generic) && space_written(s);
}

LoadKind MemoryModel::classify(uint32_t index, const std::set<uint32_t>& unwritten) const {
  const ptx::Instruction& ins = f_.instructions[index];
  StateSpace s = ins.space().value_or(StateSpace::Generic);
  if (ins.op == Opcode::Tex || ins.op == Opcode::Tld4)
    // Texture memory is read-only while a kernel runs (CUDA leaves a texture
    // read of memory the same kernel writes undefined), unless the kernel
    // writes surfaces, which may be the same array.
    return surfaces_written_ ? LoadKind::PerThread : LoadKind::ReadOnly;
  if (s == StateSpace::Const || s == StateSpace::Param) return LoadKind::ReadOnly;
  if (!space_written(s)) return LoadKind::ReadOnly;
  if (ordered_load(ins))
    return race_free_ && s == StateSpace::Shared && !dirty_[index] && !concurrent_write_[index] ? LoadKind::AfterBarrier
                                                                                                 : LoadKind::PerThread;
  // ld.global.nc and ldu: the programmer promises the memory is read-only
  // while the kernel runs (const __restrict__, __ldg).
  if ((ins.op == Opcode::Ldu || ins.has("nc")) && (s == StateSpace::Global || s == StateSpace::Generic))
    return LoadKind::ReadOnly;
  if (unwritten.count(index)) return LoadKind::ReadOnly;
  if (race_free_ && s == StateSpace::Shared && !dirty_[index]) return LoadKind::AfterBarrier;
  if (race_free_ && ins.op == Opcode::Ld && (s == StateSpace::Global || s == StateSpace::Generic))
    return LoadKind::WarpCoherent;
  return LoadKind::PerThread;
}

bool MemoryModel::in_loop(uint32_t instruction) const {
  uint32_t b = a_.cfg.block_of[instruction];
  for (const analysis::Loop& l : a_.cfg.loops)
    if (std::binary_search(l.blocks.begin(), l.blocks.end(), b)) return true;
  return false;
}

MemoryModel::BackwardScan MemoryModel::scan_back(uint32_t from) const {
  const auto& blocks = a_.cfg.blocks;
  BackwardScan out;
  std::vector<char> done(blocks.size(), 0);
  // (block, one past the last instruction to look at)
  std::vector<std::pair<uint32_t, uint32_t>> work{{a_.cfg.block_of[from], from}};
  while (!work.empty()) {
    auto [b, end] = work.back();
    work.pop_back();
    bool stopped = false;
    for (uint32_t i = end; i > blocks[b].first && !stopped;) {
      const ptx::Instruction& ins = f_.instructions[--i];
      if (block_barrier(ins)) {
        out.barriers.push_back(i);
        stopped = true;
      } else if (writes_shared(ins)) {
        out.writes.push_back(i);
      }
    }
    if (stopped) continue;
    if (b == 0) out.entry = true;
    for (uint32_t p : blocks[b].preds)
      if (p < blocks.size() && a_.cfg.reachable[p] && !done[p]) done[p] = 1, work.emplace_back(p, blocks[p].end);
  }
  std::sort(out.barriers.begin(), out.barriers.end());
  out.barriers.erase(std::unique(out.barriers.begin(), out.barriers.end()), out.barriers.end());
  std::sort(out.writes.begin(), out.writes.end());
  out.writes.erase(std::unique(out.writes.begin(), out.writes.end()), out.writes.end());
  return out;
}

std::optional<std::vector<uint32_t>> MemoryModel::feeding_stores(uint32_t load) const {
  const ptx::Instruction& ld = f_.instructions[load];
  if (ld.op != Opcode::Ld || ld.space() != StateSpace::Shared || ld.operands.size() < 2 ||
      ld.operands[0].kind != ptx::Operand::Kind::Register)
    return std::nullopt;
  // The one barrier behind every path to the load, run once per thread.
  BackwardScan reader = scan_back(load);
  if (reader.entry || reader.barriers.size() != 1 || !reader.writes.empty() || in_loop(reader.barriers[0]))
    return std::nullopt;
  // The shared writes of the interval before it.
  BackwardScan interval = scan_back(reader.barriers[0]);
  if (interval.writes.empty() || interval.writes.size() > kMaxFeedingStores) return std::nullopt;
  for (uint32_t s : interval.writes) {
    const ptx::Instruction& st = f_.instructions[s];
    if (st.op != Opcode::St || st.space() != StateSpace::Shared || in_loop(s) || st.operands.size() < 2 ||
        st.operands[0].kind != ptx::Operand::Kind::Address ||
        (st.operands[1].kind != ptx::Operand::Kind::Register && st.operands[1].kind != ptx::Operand::Kind::Int &&
         st.operands[1].kind != ptx::Operand::Kind::Float) ||
        ptx::bit_width(st.type()) != ptx::bit_width(ld.type()))
      return std::nullopt;
  }
  return interval.writes;
}

std::optional<std::vector<uint32_t>> MemoryModel::same_address_stores(uint32_t load) const {
  const ptx::Instruction& ld = f_.instructions[load];
  if (ld.op != Opcode::Ld || ld.space() != StateSpace::Shared || ld.operands.size() < 2 ||
      ld.operands[0].kind != ptx::Operand::Kind::Register || ld.operands[1].kind != ptx::Operand::Kind::Address ||
      ld.operands[1].elements.size() != 1 || ld.operands[1].elements[0].kind != ptx::Operand::Kind::Symbol)
    return std::nullopt;
  // As feeding_stores: one barrier behind every path, run once per thread.
  BackwardScan reader = scan_back(load);
  if (reader.entry || reader.barriers.size() != 1 || !reader.writes.empty() || in_loop(reader.barriers[0]))
    return std::nullopt;
  std::vector<uint32_t> same;
  for (uint32_t s : scan_back(reader.barriers[0]).writes) {
    const ptx::Instruction& st = f_.instructions[s];
    if (st.op != Opcode::St || st.space() != StateSpace::Shared || st.operands.size() < 2 ||
        st.operands[0].kind != ptx::Operand::Kind::Address || st.operands[0].elements != ld.operands[1].elements ||
        st.operands[0].value != ld.operands[1].value)
      continue;
    if (in_loop(s) || (st.operands[1].kind != ptx::Operand::Kind::Register &&
                       st.operands[1].kind != ptx::Operand::Kind::Int && st.operands[1].kind != ptx::Operand::Kind::Float) ||
        ptx::bit_width(st.type()) != ptx::bit_width(ld.type()))
      return std::nullopt;
    same.push_back(s);
  }
  if (same.empty() || same.size() > kMaxFeedingStores) return std::nullopt;
  return same;
}

}  // namespace warpsat
