// Lane addresses of memory instructions, sorted into classes and counted
// (memory_recorder.h). Local memory is interleaved by lane as the hardware
// lays it out: word w of lane l of a warp lives at w * 128 + l * 4, so
// lanes reading the same local variable touch consecutive words.
#include "emulator/simt/memory_recorder.h"

#include <algorithm>

#include "emulator/simt/memory.h"
#include "emulator/simt/state.h"

namespace warpsat::simt {

using ptx::StateSpace;

namespace {

// What every request adds whatever its class: one request, its lanes and
// the bytes they ask for. The lanes, for the class's own counts.
uint32_t count_request(AccessCounters& a, uint32_t mask, unsigned bytes) {
  uint32_t lanes = static_cast<uint32_t>(__builtin_popcount(mask));
  ++a.requests;
  a.lanes += lanes;
  a.bytes_requested += uint64_t{lanes} * bytes;
  return lanes;
}

}  // namespace

MemAccess classify_memory_access(const ptx::Instruction& ins, const Op& op) {
  if (ins.op == ptx::Opcode::Wgmma && ins.has("mma_async")) return MemAccess::Wgmma;
  // Bulk copies keep their operands in op.src, not in op.mem.
  if (ins.op == ptx::Opcode::Cp && ins.has("bulk") && ins.has("async") && !ins.has("commit_group") &&
      !ins.has("wait_group") && !ins.has("prefetch"))
    return MemAccess::Bulk;
  if (op.mem.base == MemRef::Base::KernelParam || op.mem.base == MemRef::Base::ParamVariable) return MemAccess::None;
  StateSpace s = op.mem.space;
  if (s != StateSpace::Global && s != StateSpace::Shared && s != StateSpace::Local && s != StateSpace::Generic)
    return MemAccess::None;
  switch (ins.op) {
    case ptx::Opcode::Ld:
    case ptx::Opcode::Ldu: return MemAccess::Load;
    case ptx::Opcode::St: return MemAccess::Store;
    case ptx::Opcode::Atom:
    case ptx::Opcode::Red: return MemAccess::Atomic;
    case ptx::Opcode::Cp:
      if (!ins.has("async") || ins.has("commit_group") || ins.has("wait_group") || ins.has("wait_all")) return MemAccess::None;
      if (ins.has("bulk")) return ins.has("prefetch") ? MemAccess::None : MemAccess::Bulk;
      return MemAccess::AsyncCopy;
    case ptx::Opcode::Ldmatrix: return MemAccess::MatrixLoad;
    case ptx::Opcode::Stmatrix: return MemAccess::MatrixStore;
    default: return MemAccess::None;
  }
}

AccessCounters& MemoryRecorder::counters(uint32_t f, uint32_t pc, MemClass c) {
  if (first_.size() <= f) first_.resize(f + 1);
  std::vector<uint32_t>& row = first_[f];
  if (row.size() <= pc) row.resize(pc + 1, UINT32_MAX);
  uint32_t* link = &row[pc];
  while (*link != UINT32_MAX) {
    Entry& e = entries_[*link];
    if (e.cls == c) return e.counters;
    link = &e.next;
  }
  *link = static_cast<uint32_t>(entries_.size());
  entries_.push_back({c, {}, UINT32_MAX});
  return entries_.back().counters;
}

std::vector<ClassCounters> MemoryRecorder::at(uint32_t f, uint32_t pc) const {
  std::vector<ClassCounters> out;
  if (f >= first_.size() || pc >= first_[f].size()) return out;
  for (uint32_t i = first_[f][pc]; i != UINT32_MAX; i = entries_[i].next) out.push_back({entries_[i].cls, entries_[i].counters});
  std::sort(out.begin(), out.end(), [](const ClassCounters& a, const ClassCounters& b) { return a.cls < b.cls; });
  return out;
}

void MemoryRecorder::count_device(uint32_t f, uint32_t pc, MemClass c, const uint64_t* address, uint32_t mask,
                                  unsigned bytes, bool atomic) {
  AccessCounters& a = counters(f, pc, c);
  SectorCount s = count_sectors(address, mask, bytes);
  uint32_t lanes = count_request(a, mask, bytes);
  a.sectors += s.sectors;
  a.lines += s.lines;
  if (atomic) {
    uint32_t same = same_address_lanes(address, mask);
    a.atomic_serial += same;
    a.max_ways = std::max<uint64_t>(a.max_ways, same);
  } else if (lanes >= 2 && s.lines == 1) {  // one address means one line: most requests skip the look
    a.broadcasts += one_address(address, mask);
  }
}

void MemoryRecorder::count_local(uint32_t f, uint32_t pc, MemClass c, const uint64_t* address, uint32_t mask,
                                 unsigned bytes) {
  // Each lane's words where the interleaved layout puts them: one 4-byte
  // "access" per word, so count_sectors sees the warp as the hardware does.
  constexpr unsigned kMaxWords = 8;  // a .v4.b64 / .v8.b32 access
  unsigned per_lane = std::min(kMaxWords, std::max(1u, (bytes + 3) / 4));
  AccessCounters& a = counters(f, pc, c);
  count_request(a, mask, bytes);
  uint64_t sectors[32 * kMaxWords], lines[32 * kMaxWords];
  size_t n = 0;
  for (uint32_t m = mask; m; m &= m - 1) {
    unsigned l = static_cast<unsigned>(__builtin_ctz(m));
    for (unsigned k = 0; k < per_lane; ++k, ++n) {
      uint64_t placed = (address[l] / 4 + k) * 128 + l * 4;
      sectors[n] = placed / 32;
      lines[n] = placed / 128;
    }
  }
  a.sectors += count_distinct(sectors, n);
  a.lines += count_distinct(lines, n);
}

void MemoryRecorder::count_shared(uint32_t f, uint32_t pc, MemClass c, const uint64_t* address, uint32_t mask,
                                  unsigned bytes, bool atomic) {
  uint64_t moved[32];
  const uint64_t* at = address;
  AccessCounters& a = counters(f, pc, c);
  for (uint32_t m = mask; m; m &= m - 1) {
    uint64_t o = address[__builtin_ctz(m)];
    a.lowest = std::min(a.lowest, o);
    a.highest = std::max(a.highest, o + bytes - 1);
  }
  if (remap_.active()) {
    for (uint32_t m = mask; m; m &= m - 1) {
      unsigned l = static_cast<unsigned>(__builtin_ctz(m));
      moved[l] = remap_.apply(address[l]);
    }
    at = moved;
  }
  // Atomics too: lanes on one word share its wavefront, as loads do. An H200
  // counts histogram atomics (atomicAdd(&shared[bin], 1)) so, in ncu's
  // wavefronts and bank conflicts (docs/gpu-replay.md); the same-address
  // serialisation of the atomic unit is atomic_serial, apart.
  WavefrontCount w = count_wavefronts(at, mask, bytes);
  count_request(a, mask, bytes);
  a.wavefronts += w.wavefronts;
  a.ideal_wavefronts += w.ideal;
  a.max_ways = std::max<uint64_t>(a.max_ways, w.ways);
  if (atomic) a.atomic_serial += same_address_lanes(at, mask);
}

uint64_t MemoryRecorder::record_bulk_global(uint32_t f, uint32_t pc, MemClass c, const std::vector<ByteRange>& ranges,
                                            Swizzle s, unsigned copies) {
  AccessCounters& a = counters(f, pc, c);
  a.requests += copies;
  a.lanes += copies;  // one thread issues a copy
  a.swizzles |= swizzle_bit(s);
  sectors_.clear();
  lines_.clear();
  uint64_t bytes = 0;
  for (const ByteRange& r : ranges) {
    if (r.bytes == 0) continue;
    bytes += r.bytes;
    for (uint64_t k = r.address / 32; k <= (r.address + r.bytes - 1) / 32; ++k) sectors_.push_back(k);
    for (uint64_t k = r.address / 128; k <= (r.address + r.bytes - 1) / 128; ++k) lines_.push_back(k);
  }
  uint64_t sectors = count_distinct(sectors_.data(), sectors_.size());
  a.bytes_requested += bytes * copies;
  a.sectors += sectors * copies;
  a.lines += count_distinct(lines_.data(), lines_.size()) * uint64_t{copies};
  return sectors;
}

void MemoryRecorder::record_bulk_shared(uint32_t f, uint32_t pc, MemClass c, uint64_t bytes, unsigned destinations,
                                        uint64_t delivered_sectors, Swizzle s) {
  AccessCounters& a = counters(f, pc, c);
  a.requests += destinations;
  a.lanes += destinations;
  a.bytes_requested += bytes * destinations;
  a.delivered_sectors += delivered_sectors * destinations;
  a.swizzles |= swizzle_bit(s);
}

void MemoryRecorder::record_wgmma(uint32_t f, uint32_t pc, uint64_t bytes, const WavefrontCount& w, uint8_t swizzles) {
  AccessCounters& a = counters(f, pc, MemClass::SharedWgmma);
  ++a.requests;
  a.lanes += 128;  // the warp group
  a.bytes_requested += bytes;
  a.wavefronts += w.wavefronts;
  a.ideal_wavefronts += w.ideal;
  a.max_ways = std::max<uint64_t>(a.max_ways, w.ways);
  a.swizzles |= swizzles;
}

void MemoryRecorder::record(const Exec& x, const Op& op, uint32_t exec) {
  uint32_t f = x.frame.code->index, pc = op.index;
  uint64_t global[32], shared[32], local[32];
  uint32_t gmask = 0, smask = 0, lmask = 0;
  // Sorts one lane's address into its memory (generic addresses by window).
  auto place = [&](unsigned l, uint64_t addr, StateSpace space) {
    if (space == StateSpace::Generic) {
      switch (window_of(addr)) {
        case Window::Device: space = StateSpace::Global; break;
        case Window::Shared: space = StateSpace::Shared; break;
        case Window::Local: space = StateSpace::Local; break;
        default: return;
      }
    }
    if (space == StateSpace::Global) global[l] = addr, gmask |= 1u << l;
    else if (space == StateSpace::Shared) shared[l] = addr >= kSharedWindow ? addr - kSharedWindow : addr, smask |= 1u << l;
    else if (space == StateSpace::Local) local[l] = addr >= kLocalWindow ? addr - kLocalWindow : addr, lmask |= 1u << l;
  };
  switch (op.mem_access) {
    case MemAccess::None:
    case MemAccess::Bulk:  // counted by exec_tma.cpp
    case MemAccess::Wgmma: return;  // counted when the warp group's MMA is performed (wgmma_async.cpp)
    case MemAccess::Load:
    case MemAccess::Store:
    case MemAccess::Atomic: {
      unsigned bytes = ptx::byte_width(op.type) * op.vec;
      for (uint32_t m = exec; m; m &= m - 1) {
        unsigned l = static_cast<unsigned>(__builtin_ctz(m));
        place(l, x.address(op, l), op.mem.space);
      }
      bool atomic = op.mem_access == MemAccess::Atomic, load = op.mem_access == MemAccess::Load;
      if (gmask)
        count_device(f, pc, atomic ? MemClass::GlobalAtomic : load ? MemClass::GlobalLoad : MemClass::GlobalStore,
                     global, gmask, bytes, atomic);
      if (smask)
        count_shared(f, pc, atomic ? MemClass::SharedAtomic : load ? MemClass::SharedLoad : MemClass::SharedStore,
                     shared, smask, bytes, atomic);
      if (lmask) count_local(f, pc, load ? MemClass::LocalLoad : MemClass::LocalStore, local, lmask, bytes);
      return;
    }
    case MemAccess::AsyncCopy: {
      unsigned bytes = 0;
      for (uint32_t m = exec; m; m &= m - 1) {
        unsigned l = static_cast<unsigned>(__builtin_ctz(m));
        global[l] = x.src(op, 0, l);
        bytes = static_cast<unsigned>(x.src(op, 1, l));
        place(l, x.address(op, l), StateSpace::Shared);
      }
      if (exec) count_device(f, pc, MemClass::GlobalAsyncCopy, global, exec, bytes, false);
      if (smask) count_shared(f, pc, MemClass::SharedAsyncCopy, shared, smask, bytes, false);
      return;
    }
    case MemAccess::MatrixLoad:
    case MemAccess::MatrixStore: {
      // Row r of matrix m comes from lane 8m + r: 16-byte rows in phases of 8.
      uint32_t rows = op.vec >= 4 ? ~0u : (1u << (8 * op.vec)) - 1;
      if (!exec) return;
      for (uint32_t m = rows; m; m &= m - 1) {
        unsigned l = static_cast<unsigned>(__builtin_ctz(m));
        place(l, x.address(op, l), op.mem.space == StateSpace::Generic ? StateSpace::Generic : StateSpace::Shared);
      }
      if (smask)
        count_shared(f, pc, op.mem_access == MemAccess::MatrixLoad ? MemClass::SharedMatrixLoad : MemClass::SharedMatrixStore,
                     shared, smask, 16, false);
      return;
    }
  }
}

}  // namespace warpsat::simt
