#include "emulator/simt/wgmma_async.h"

#include <algorithm>

#include <fmt/format.h>

#include "emulator/simt/emulator.h"
#include "emulator/simt/lanes.h"
#include "emulator/simt/memory_recorder.h"
#include "emulator/simt/run_state.h"
#include "emulator/simt/sync_events.h"

namespace warpsat::simt {

namespace {

constexpr unsigned kGroupWarps = 4;

const ptx::Instruction& instruction_of(const FunctionCode& code, const Op& op) {
  return code.function->instructions[op.index];
}

// "PTX line 120 (source gemm.cu:45)": where an instruction is, for messages.
std::string where(const ptx::Module& m, const ptx::Instruction& ins) {
  std::string s = fmt::format("PTX line {}", ins.pos.line);
  if (ins.loc.outer_line) {
    std::string_view file = m.file_path(ins.loc.outer_file);
    s += fmt::format(" (source {}{}{})", file, file.empty() ? "line " : ":", ins.loc.outer_line);
  }
  return s;
}

std::string warp_list(uint32_t warps, uint32_t first_warp) {
  std::string s;
  for (unsigned v = 0; v < kGroupWarps; ++v)
    if (warps & (1u << v)) s += fmt::format("{}{}", s.empty() ? "" : ", ", first_warp + v);
  return s;
}

WgmmaCta& state_of(Exec& x) {
  if (!x.cta.wgmma) {
    x.cta.wgmma = std::make_shared<WgmmaCta>();
    x.cta.wgmma->warps.resize(x.cta.warps.size());
    x.cta.wgmma->groups.resize((x.cta.warps.size() + kGroupWarps - 1) / kGroupWarps);
  }
  return *x.cta.wgmma;
}

uint32_t depth_of(const Exec& x) { return static_cast<uint32_t>(x.warp.frames.size() - 1); }

// Points the warp's tracking at its current frame (sized for its slots).
void track_frame(Exec& x, WarpWgmma& s, const Op& op) {
  if (s.code == x.frame.code && s.depth == depth_of(x)) return;
  if (!s.in_flight.empty())
    x.fail(op, 0, fmt::format("wgmma instruction in another function than the warp's in-flight wgmma.mma_async at {}",
                              where(x.run.module, instruction_of(*s.code, *s.in_flight.front().op))));
  s.code = x.frame.code;
  s.depth = depth_of(x);
  s.fences = 0;
  const size_t n = x.frame.code->frame_slots();
  s.accessed.assign(n, 0);
  s.accessor.assign(n, 0);
  s.as_accumulator.assign(n, 0);
  s.as_a.assign(n, 0);
  s.in_flight_op.assign(n, nullptr);
}

// The register named by slot `slot` of an in-flight MMA, for messages.
std::string register_name(const Op& mma, const WgmmaInfo& info, Slot slot) {
  for (size_t i = 0; i < mma.dst.size(); ++i)
    if (mma.dst[i] == slot) return info.d_names[i];
  for (size_t i = 0; i < info.a_registers; ++i)
    if (mma.src[i] == slot) return info.a_names[i];
  return "a register";
}

const WgmmaInfo& info_of(const FunctionCode& code, const Op& mma) { return *code.wgmma_infos[mma.aux]; }

// " (source gemm.cu:52)" for the instruction being executed, or "".
std::string source_here(const Exec& x, const Op& op) {
  const ptx::Instruction& ins = instruction_of(*x.frame.code, op);
  if (!ins.loc.outer_line) return "";
  std::string_view file = x.run.module.file_path(ins.loc.outer_file);
  return fmt::format(" (source {}{}{})", file, file.empty() ? "line " : ":", ins.loc.outer_line);
}

[[noreturn]] void in_flight_hazard(Exec& x, const WarpWgmma& s, const Op& op, Slot slot, bool write) {
  const Op& mma = *s.in_flight_op[slot];
  const WgmmaInfo& info = info_of(*s.code, mma);
  const bool acc = s.as_accumulator[slot] != 0;
  x.fail(op, 0,
         fmt::format("wgmma hazard: {} is {} here{} while it is {} of the wgmma.mma_async at {}, and no "
                     "wgmma.wait_group has waited for that MMA's group (PTX ISA: accessing it before is undefined)",
                     register_name(mma, info, slot), write ? "written" : "read", source_here(x, op),
                     acc ? "the accumulator" : "an A fragment register", where(x.run.module, instruction_of(*s.code, mma))));
}

void touch(Exec& x, WarpWgmma& s, const Op& op, Slot slot, bool write) {
  if (slot >= s.accessed.size()) return;  // a constant or a special register
  if (s.as_accumulator[slot] | s.as_a[slot]) [[unlikely]]
    in_flight_hazard(x, s, op, slot, write);
  s.accessed[slot] = s.fences;
  s.accessor[slot] = op.index;
}

// An A or accumulator register of `op` that another instruction accessed
// after the warp's last wgmma.fence.
void check_fenced(Exec& x, const WarpWgmma& s, const Op& op, Slot slot, const std::string& name, const char* role) {
  if (slot >= s.accessed.size() || s.accessed[slot] != s.fences) return;
  const ptx::Instruction& other = s.code->function->instructions[s.accessor[slot]];
  x.fail(op, 0,
         fmt::format("wgmma hazard: this wgmma.mma_async{} uses {} as {}, which the instruction at {} accessed after "
                     "the warp's last wgmma.fence (PTX ISA: a wgmma.fence must order register accesses before a "
                     "wgmma.mma_async that uses the same registers)",
                     source_here(x, op), name, role, where(x.run.module, other)));
}

uint64_t uniform(Exec& x, const Op& op, Slot slot, const char* what) {
  const uint64_t v = x.get(slot, 0);
  for (unsigned l = 1; l < kWarpSize; ++l)
    if (x.get(slot, l) != v)
      x.fail(op, l, fmt::format("wgmma.mma_async: the {} differs between the threads of the warp (lane 0: 0x{:x}, lane {}: "
                                "0x{:x}); PTX requires the same value in every thread of the warp group",
                                what, v, l, x.get(slot, l)));
  return v;
}

// f32 and s32 accumulators, one element a register: a lane's registers 2m
// and 2m + 1 hold adjacent columns of its row (accumulator_cell), and the
// four lanes of a quad (lane / 4) eight adjacent columns, so a pair of
// registers of a warp is eight rows of eight adjacent elements, moved that
// way rather than an element at a time through its lane's place in D
// (example 48 at 512^3: the accumulators in and out of its MMAs, 10% of the
// emulation -> 8%).
// `at`: the pair's first element for lane 0 (row 16 * warp, its column).
void pair_to_matrix(const uint64_t* r0, const uint64_t* r1, uint32_t* at, unsigned n) {
  for (unsigned q = 0; q < 8; ++q) {
    uint32_t* row = at + size_t{q} * n;
    for (unsigned k = 0; k < 4; ++k) {
      row[2 * k] = static_cast<uint32_t>(r0[4 * q + k]);
      row[2 * k + 1] = static_cast<uint32_t>(r1[4 * q + k]);
    }
  }
}

void matrix_to_pair(const uint32_t* at, unsigned n, uint64_t* r0, uint64_t mask0, uint64_t* r1, uint64_t mask1) {
  for (unsigned q = 0; q < 8; ++q) {
    const uint32_t* row = at + size_t{q} * n;
    for (unsigned k = 0; k < 4; ++k) {
      r0[4 * q + k] = row[2 * k] & mask0;
      r1[4 * q + k] = row[2 * k + 1] & mask1;
    }
  }
}

// The frame holding warp v's registers for MMA part `p`, or null when the
// warp has finished (its rows are then neither read nor written).
Frame* frame_of(Exec& x, const Op& op, Warp& w, const WgmmaPart& p) {
  if (w.frames.size() > p.depth && w.frames[p.depth].code == p.code) return &w.frames[p.depth];
  if (w.state == Warp::State::Done) return nullptr;
  x.fail(op, 0, fmt::format("warp {} left the function of its wgmma.mma_async before the MMA was performed", w.id));
}

// Performs the warp group's oldest pending MMA, which every warp has issued.
void perform(Exec& x, WgmmaCta& st, uint32_t group) {
  PendingMma& p = st.groups[group].pending.front();
  const Op& op = *p.op;
  const WgmmaInfo& info = *p.info;
  const WgmmaShape& s = info.shape;
  for (unsigned v = 1; v < kGroupWarps; ++v) {
    const WgmmaPart &a = p.parts[0], &b = p.parts[v];
    if (a.a_desc != b.a_desc || a.b_desc != b.b_desc || a.scale_d != b.scale_d)
      x.fail(op, 0, fmt::format("wgmma.mma_async: warps {} and {} of a warp group give it different descriptors or scale-d "
                                "(A 0x{:x} / 0x{:x}, B 0x{:x} / 0x{:x}, scale-d {} / {}); PTX requires the same in all",
                                group * kGroupWarps, group * kGroupWarps + v, a.a_desc, b.a_desc, a.b_desc, b.b_desc,
                                a.scale_d, b.scale_d));
  }
  const WgmmaPart& part0 = p.parts[0];
  // Each is written whole below (B and a shared A by gather_shared, D by
  // the multiplier), so none is cleared first: at 64 KiB an MMA, clearing
  // them was a twentieth of the time. A from registers and C are cleared
  // where a warp of the group has ended (frame_of), whose part stays zero.
  st.a.resize(size_t{64} * s.k);
  st.b.resize(size_t{s.n} * s.k);
  st.d.resize(size_t{64} * s.n);
  auto fail_gather = [&](const std::string& e, const char* which) {
    if (!e.empty()) x.fail(op, 0, fmt::format("wgmma.mma_async: matrix {} {}", which, e));
  };
  fail_gather(gather_shared({decode_descriptor(part0.b_desc), s.b_mn_major, s.b_bits()}, s.n, s.k, x.cta.shared.data(),
                            x.cta.shared.size(), st.b.data()),
              "B");
  if (!info.a_registers)
    fail_gather(gather_shared({decode_descriptor(part0.a_desc), s.a_mn_major, s.a_bits()}, 64, s.k,
                              x.cta.shared.data(), x.cta.shared.size(), st.a.data()),
                "A");
  if (x.run.memory_metrics) [[unlikely]] {
    const SharedOperand b{decode_descriptor(part0.b_desc), s.b_mn_major, s.b_bits()};
    WavefrontCount w = operand_wavefronts(b, s.n, s.k);
    uint64_t bytes = uint64_t{s.n} * s.k * s.b_bits() / 8;
    uint8_t swizzles = swizzle_bit(b.desc.swizzle);
    if (!info.a_registers) {
      const SharedOperand a{decode_descriptor(part0.a_desc), s.a_mn_major, s.a_bits()};
      WavefrontCount wa = operand_wavefronts(a, 64, s.k);
      w.wavefronts += wa.wavefronts;
      w.ideal += wa.ideal;
      w.ways = std::max(w.ways, wa.ways);
      bytes += uint64_t{64} * s.k * s.a_bits() / 8;
      swizzles |= swizzle_bit(a.desc.swizzle);
    }
    x.run.memory_metrics->record_wgmma(part0.code->index, op.index, bytes, w, swizzles);
  }
  const bool accumulate = part0.scale_d;
  // Each warp's frame of the MMA; null for a warp that has ended.
  std::array<Frame*, kGroupWarps> frames{};
  for (unsigned v = 0; v < kGroupWarps; ++v)
    frames[v] = frame_of(x, op, x.cta.warps[group * kGroupWarps + v], p.parts[v]);
  const bool whole_group = std::all_of(frames.begin(), frames.end(), [](const Frame* f) { return f != nullptr; });
  if (accumulate) whole_group ? st.c.resize(size_t{64} * s.n) : st.c.assign(size_t{64} * s.n, 0);
  if (info.a_registers && !whole_group) st.a.assign(size_t{64} * s.k, 0);
  const unsigned a_bits = s.a_bits(), d_bits = s.d_bits();
  const unsigned a_elements = 64 * s.k / 128, d_per_register = 32 / d_bits;
  const uint32_t a_mask = a_bits == 32 ? ~0u : (1u << a_bits) - 1, d_mask = d_bits == 32 ? ~0u : (1u << d_bits) - 1;
  // Element i of a thread's accumulator fragment lies at its first element
  // (row 16w + lane/4, column 2 * (lane%4)) plus offsets[i] in D (row-major).
  st.offsets.resize(64 * s.n / 128);
  for (unsigned i = 0; i < st.offsets.size(); ++i) {
    const Cell c = accumulator_cell(0, i);
    st.offsets[i] = c.row * s.n + c.col;
  }
  // Packed (f16) accumulators: each lane's first element in D.
  auto first = [&](unsigned v, unsigned l) { return (16 * v + l / 4) * s.n + 2 * (l % 4); };
  const bool paired = d_per_register == 1;
  for (unsigned v = 0; v < kGroupWarps; ++v) {
    Frame* f = frames[v];
    if (!f) continue;
    for (unsigned i = 0; info.a_registers && i < a_elements; ++i)
      for (unsigned l = 0; l < kWarpSize; ++l) {
        const unsigned bit = i * a_bits;
        const auto reg = static_cast<uint32_t>(f->regs[size_t{op.src[bit / 32]} * kWarpSize + l]);
        const Cell c = a_register_cell(a_bits, v * kWarpSize + l, i);
        st.a[size_t{c.row} * s.k + c.col] = (reg >> (bit % 32)) & a_mask;
      }
    if (accumulate && paired) {
      for (size_t j = 0; j < op.dst.size(); j += 2)
        pair_to_matrix(f->regs.data() + size_t{op.dst[j]} * kWarpSize, f->regs.data() + size_t{op.dst[j + 1]} * kWarpSize,
                       st.c.data() + size_t{16 * v} * s.n + st.offsets[j], s.n);
      continue;
    }
    for (size_t j = 0; accumulate && j < op.dst.size(); ++j) {
      const uint64_t* regs = f->regs.data() + size_t{op.dst[j]} * kWarpSize;
      for (unsigned l = 0; l < kWarpSize; ++l)
        for (unsigned e = 0; e < d_per_register; ++e)
          st.c[first(v, l) + st.offsets[j * d_per_register + e]] = static_cast<uint32_t>(regs[l] >> (e * d_bits)) & d_mask;
    }
  }
  st.multiplier.multiply(s, st.a.data(), st.b.data(), accumulate ? st.c.data() : nullptr, st.d.data());
  for (unsigned v = 0; v < kGroupWarps; ++v) {
    Frame* f = frames[v];
    if (!f) continue;
    if (paired) {
      for (size_t j = 0; j < op.dst.size(); j += 2)
        matrix_to_pair(st.d.data() + size_t{16 * v} * s.n + st.offsets[j], s.n, f->regs.data() + size_t{op.dst[j]} * kWarpSize,
                       f->code->slot_mask[op.dst[j]], f->regs.data() + size_t{op.dst[j + 1]} * kWarpSize,
                       f->code->slot_mask[op.dst[j + 1]]);
      continue;
    }
    for (size_t j = 0; j < op.dst.size(); ++j) {
      const Slot slot = op.dst[j];
      uint64_t* regs = f->regs.data() + size_t{slot} * kWarpSize;
      const uint64_t mask = f->code->slot_mask[slot];
      for (unsigned l = 0; l < kWarpSize; ++l) {
        uint64_t word = 0;
        for (unsigned e = 0; e < d_per_register; ++e)
          word |= uint64_t{st.d[first(v, l) + st.offsets[j * d_per_register + e]]} << (e * d_bits);
        regs[l] = word & mask;
      }
    }
  }
  ++x.run.shared_version;  // other warps' registers changed
}

// Ends the warp's wait for its oldest `groups` groups, whose MMAs (numbers
// below `until`) are performed: their registers are no longer in flight.
void retire(WarpWgmma& s, size_t groups, uint64_t until) {
  s.group_ends.erase(s.group_ends.begin(), s.group_ends.begin() + static_cast<std::ptrdiff_t>(groups));
  while (!s.in_flight.empty() && s.in_flight.front().number < until) {
    const WarpWgmma::Issued& i = s.in_flight.front();
    for (Slot slot : i.op->dst) --s.as_accumulator[slot];
    for (unsigned j = 0; j < i.info->a_registers; ++j) --s.as_a[i.op->src[j]];
    s.in_flight.pop_front();
  }
}

}  // namespace

bool WgmmaInfo::same_shape(const WgmmaInfo& o) const {
  return shape.n == o.shape.n && shape.k == o.shape.k && shape.d == o.shape.d;
}

void wgmma_fence(Exec& x, const Op& op) {
  WarpWgmma& s = state_of(x).warps[x.warp.id];
  track_frame(x, s, op);
  ++s.fences;
  x.warp.wgmma_watch = true;
}

void wgmma_commit(Exec& x, const Op& op) {
  WarpWgmma& s = state_of(x).warps[x.warp.id];
  track_frame(x, s, op);
  s.group_ends.push_back(s.issued);  // possibly an empty group
}

void wgmma_wait(Exec& x, const Op& op, uint32_t pending_allowed) {
  WgmmaCta& st = state_of(x);
  WarpWgmma& s = st.warps[x.warp.id];
  track_frame(x, s, op);
  if (s.group_ends.size() <= pending_allowed) return;
  const size_t groups = s.group_ends.size() - pending_allowed;
  const uint64_t until = s.group_ends[groups - 1];
  if (st.groups[x.warp.id / kGroupWarps].performed >= until) return retire(s, groups, until);
  s.wait_until = until;
  s.wait_groups = groups;
  s.wait_index = op.index;
  x.warp.state = Warp::State::AtWgmmaWait;  // step() moves past the wait; performing the MMAs wakes the warp
}

void wgmma_issue(Exec& x, const Op& op, const WgmmaInfo& info) {
  WgmmaCta& st = state_of(x);
  const uint32_t group = x.warp.id / kGroupWarps, v = x.warp.id % kGroupWarps;
  const uint32_t first = group * kGroupWarps;
  if (first + kGroupWarps > x.cta.warps.size() ||
      std::any_of(x.cta.warps.begin() + first, x.cta.warps.begin() + first + kGroupWarps,
                  [](const Warp& w) { return w.valid != ~0u; }))
    x.fail(op, 0, fmt::format("wgmma.mma_async needs a whole warp group of 128 threads (warps {}..{}); the block has {} "
                              "thread(s) there",
                              first, first + 3, [&] {
                                unsigned n = 0;
                                for (uint32_t w = first; w < std::min<size_t>(first + 4, x.cta.warps.size()); ++w)
                                  n += static_cast<unsigned>(__builtin_popcount(x.cta.warps[w].valid));
                                return n;
                              }()));
  WarpWgmma& s = st.warps[x.warp.id];
  if (s.fences == 0 || s.code != x.frame.code || s.depth != depth_of(x))
    x.fail(op, 0, "wgmma hazard: no wgmma.fence before this wgmma.mma_async (PTX ISA: the warp group must execute "
                  "wgmma.fence before its first wgmma.mma_async)");
  // Registers: A and the accumulator fenced, and in flight only as an
  // accumulator chained by an MMA of the same shape.
  for (size_t i = 0; i < op.dst.size(); ++i) {
    const Slot slot = op.dst[i];
    if (s.as_a[slot])
      x.fail(op, 0, fmt::format("wgmma hazard: this wgmma.mma_async accumulates into {}, an A fragment register of the "
                                "in-flight wgmma.mma_async at {} (no wgmma.wait_group has waited for it)",
                                info.d_names[i], where(x.run.module, instruction_of(*s.code, *s.in_flight_op[slot]))));
    if (s.as_accumulator[slot]) {
      const Op& prev = *s.in_flight_op[slot];
      if (!info.same_shape(info_of(*s.code, prev)))
        x.fail(op, 0, fmt::format("wgmma hazard: this wgmma.mma_async ({}) accumulates into {}, the accumulator of the "
                                  "in-flight wgmma.mma_async at {} of another shape ({}); only MMAs of the same shape may "
                                  "chain an accumulator before a wgmma.wait_group",
                                  info.shape.name(), info.d_names[i], where(x.run.module, instruction_of(*s.code, prev)),
                                  info_of(*s.code, prev).shape.name()));
    } else {
      check_fenced(x, s, op, slot, info.d_names[i], "accumulator");
    }
  }
  for (unsigned i = 0; i < info.a_registers; ++i) {
    const Slot slot = op.src[i];
    if (s.as_accumulator[slot])
      x.fail(op, 0, fmt::format("wgmma hazard: this wgmma.mma_async reads A from {}, the accumulator of the in-flight "
                                "wgmma.mma_async at {} (no wgmma.wait_group has waited for it)",
                                info.a_names[i], where(x.run.module, instruction_of(*s.code, *s.in_flight_op[slot]))));
    check_fenced(x, s, op, slot, info.a_names[i], "an A fragment register");
  }
  WgmmaPart part;
  const size_t b_at = info.a_registers ? info.a_registers : 1;
  if (!info.a_registers) part.a_desc = uniform(x, op, op.src[0], "A matrix descriptor");
  part.b_desc = uniform(x, op, op.src[b_at], "B matrix descriptor");
  part.scale_d = (uniform(x, op, op.src[b_at + 1], "scale-d predicate") & 1) != 0;
  if (SyncObserver* observer = x.run.options.sync_observer) {
    SyncEvent e;
    e.kind = SyncEvent::Kind::Wgmma;
    e.block = e.by_block = x.cta.linear;
    e.warp = x.warp.id;
    e.function = x.frame.code->index;
    e.instruction = op.index;
    e.accumulate = part.scale_d;
    observer->on_sync(e);
  }
  part.depth = depth_of(x);
  part.code = x.frame.code;

  WarpGroupWgmma& g = st.groups[group];
  const uint64_t number = s.issued++;
  const size_t at = number - g.performed;
  if (at == g.pending.size()) g.pending.push_back({&op, &info, 0, {}});
  PendingMma& p = g.pending[at];
  if (p.op != &op)
    x.fail(op, 0, fmt::format("wgmma.mma_async: warp {} issues this instruction as its wgmma.mma_async number {}, where "
                              "another warp of its warp group issued the one at {} (.aligned: all four warps must "
                              "execute the same wgmma.mma_async)",
                              x.warp.id, number + 1, where(x.run.module, instruction_of(*p.parts[0].code, *p.op))));
  p.parts[v] = part;
  p.issued |= static_cast<uint8_t>(1u << v);
  for (Slot slot : op.dst) ++s.as_accumulator[slot], s.in_flight_op[slot] = &op;
  for (unsigned i = 0; i < info.a_registers; ++i) ++s.as_a[op.src[i]], s.in_flight_op[op.src[i]] = &op;
  s.in_flight.push_back({number, &op, &info});
  if (p.issued != 0xf) return;
  // The last warp to issue it: every earlier MMA of the group is performed
  // already (each warp issues in order), so this one is the front.
  perform(x, st, group);
  g.pending.pop_front();
  ++g.performed;
  for (unsigned w = first; w < first + kGroupWarps; ++w) {
    Warp& other = x.cta.warps[w];
    WarpWgmma& o = st.warps[w];
    if (other.state == Warp::State::AtWgmmaWait && g.performed >= o.wait_until) {
      retire(o, o.wait_groups, o.wait_until);
      other.state = Warp::State::Ready;
    }
  }
}

void wgmma_check_access(Exec& x, const Op& op) {
  if (is_wgmma_handler(op)) return;  // they check their own operands
  WarpWgmma& s = x.cta.wgmma->warps[x.warp.id];
  if (s.code != x.frame.code || s.depth != depth_of(x)) return;
  for (Slot slot : op.dst) touch(x, s, op, slot, true);
  for (Slot slot : op.src) touch(x, s, op, slot, false);
  if (op.mem.base == MemRef::Base::Register && op.mem.reg != kNoSlot) touch(x, s, op, op.mem.reg, false);
  if (op.guard != kNoSlot) touch(x, s, op, op.guard, false);
}

std::string wgmma_waits(const Cta& cta, const ptx::Module& module, const ptx::Instruction** at) {
  if (!cta.wgmma) return "";
  std::string out;
  for (const Warp& w : cta.warps) {
    if (w.state != Warp::State::AtWgmmaWait) continue;
    const WarpWgmma& s = cta.wgmma->warps[w.id];
    const ptx::Instruction& wait = s.code->function->instructions[s.wait_index];
    if (at && !*at) *at = &wait;
    const uint32_t group = w.id / kGroupWarps;
    const WarpGroupWgmma& g = cta.wgmma->groups[group];
    std::string what;
    if (!g.pending.empty()) {
      const PendingMma& p = g.pending.front();
      what = fmt::format(" for the wgmma.mma_async at {}, which warp(s) {} of its warp group have not executed",
                         where(module, instruction_of(*p.parts[__builtin_ctz(p.issued)].code, *p.op)),
                         warp_list(~p.issued & 0xfu, group * kGroupWarps));
    }
    out += fmt::format("; warp {} waits at wgmma.wait_group ({}){}", w.id, where(module, wait), what);
  }
  return out;
}

void wgmma_end_block(const RunState& rs, const Cta& cta) {
  if (!cta.wgmma) return;
  for (size_t group = 0; group < cta.wgmma->groups.size(); ++group) {
    const WarpGroupWgmma& g = cta.wgmma->groups[group];
    if (g.pending.empty()) continue;
    const PendingMma& p = g.pending.front();
    const ptx::Instruction& ins = instruction_of(*p.parts[__builtin_ctz(p.issued)].code, *p.op);
    const auto first = static_cast<uint32_t>(group * kGroupWarps);
    throw EmulationError({rs.module.source, ins.pos.line, ins.pos.column},
                         fmt::format("wgmma.mma_async executed by warp(s) {} of warp group {} of block ({},{},{}) but "
                                     "never by warp(s) {}: all four warps of a warp group must execute it (.aligned)",
                                     warp_list(p.issued, first), group, cta.id[0], cta.id[1], cta.id[2],
                                     warp_list(~p.issued & 0xfu, first)),
                         rs.module.text ? line_of(*rs.module.text, ins.pos.line) : "");
  }
}

}  // namespace warpsat::simt
