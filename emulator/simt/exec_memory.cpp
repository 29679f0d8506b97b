// Loads, stores and copies: ld, ldu, st (scalar and vector, every state
// space), cp.async (synchronous here, with zero-fill), and the instructions
// that only order or hint memory (membar, fence, prefetch, ...), which are
// no-ops in a sequential emulator.
#include <cstring>

#include "emulator/fp/convert.h"
#include "emulator/simt/decode.h"
#include "emulator/simt/lanes.h"

namespace warpsat::simt {

using ptx::Opcode;
using ptx::ScalarType;
using ptx::StateSpace;

namespace {

// Sign-extends a loaded signed integer narrower than its register.
uint64_t widen(uint64_t v, ScalarType t, uint64_t reg_mask) {
  unsigned bits = ptx::bit_width(t);
  if (!ptx::is_signed_int(t) || bits >= 64) return v;
  uint64_t sign = uint64_t{1} << (bits - 1);
  if (v & sign) v |= ~((sign << 1) - 1);
  return v & reg_mask;
}

// Little-endian bytes as a number, for the widths a scalar load reads.
uint64_t read_bytes(const uint8_t* p, unsigned n) {
  uint64_t v = 0;
  switch (n) {
    case 1: v = *p; break;
    case 2: std::memcpy(&v, p, 2); break;
    case 4: std::memcpy(&v, p, 4); break;
    case 8: std::memcpy(&v, p, 8); break;
    default: std::memcpy(&v, p, n); break;
  }
  return v;
}

void run_ld(Exec& x, const Op& op, uint32_t mask) {
  unsigned w = ptx::byte_width(op.type);
  if (op.vec == 1 && w <= 8 && op.dst[0] < kSpecialBase) {
    // Scalar loads, most of what the replays run: read in place where
    // the memory allows, through load() where it must check or map.
    Slot s = op.dst[0];
    uint64_t m = x.masks[s];
    for_lanes(mask, [&](unsigned l) {
      uint64_t addr = x.address(op, l);
      uint64_t v = 0;
      if (const uint8_t* p = x.load_pointer(op, addr, w)) v = read_bytes(p, w);
      else x.load(op, l, addr, &v, w);
      x.regs[static_cast<size_t>(s) * kWarpSize + l] = widen(v, op.type, m) & m;
    });
    return;
  }
  for_lanes(mask, [&](unsigned l) {
    uint64_t addr = x.address(op, l);
    uint8_t buf[128];
    x.load(op, l, addr, buf, static_cast<size_t>(w) * op.vec);
    for (uint32_t i = 0; i < op.vec; ++i) {
      uint64_t v = 0;
      std::memcpy(&v, buf + i * w, std::min(w, 8u));
      Slot s = op.dst[i];
      if (s < kSpecialBase) x.set(s, l, widen(v, op.type, x.frame.code->slot_mask[s]));
    }
  });
}

void run_st(Exec& x, const Op& op, uint32_t mask) {
  unsigned w = ptx::byte_width(op.type);
  for_lanes(mask, [&](unsigned l) {
    uint64_t addr = x.address(op, l);
    uint8_t buf[128];
    for (uint32_t i = 0; i < op.vec; ++i) {
      uint64_t v = x.src(op, i, l);
      std::memcpy(buf + i * w, &v, std::min(w, 8u));
    }
    x.store(op, l, addr, buf, static_cast<size_t>(w) * op.vec);
  });
}

// cp.async.ca|cg.shared.global [dst], [src], cp-size{, src-size}: src[0]
// holds the source address register (or constant), src[1] cp-size, src[2]
// src-size; op.mem is the destination.
void run_cp_async(Exec& x, const Op& op, uint32_t mask) {
  for_lanes(mask, [&](unsigned l) {
    uint64_t dst = x.address(op, l);
    uint64_t src = x.src(op, 0, l);
    uint64_t cp = x.src(op, 1, l), n = op.src.size() > 2 ? x.src(op, 2, l) : cp;
    if (cp > 16 || n > cp) x.fail(op, l, "cp.async copies at most 16 bytes, src-size at most cp-size");
    uint8_t buf[16] = {};
    Op read = op;
    read.mem.base = MemRef::Base::Absolute;
    read.mem.space = StateSpace::Global;
    read.mem.offset = 0;
    if (n) x.load(read, l, src, buf, n);
    x.store(op, l, dst, buf, cp);
  });
}

void run_nop(Exec&, const Op&, uint32_t) {}

void run_zero(Exec& x, const Op& op, uint32_t mask) {
  for_lanes(mask, [&](unsigned l) { x.set(op.dst[0], l, 0); });
}

}  // namespace

bool decode_memory(Decoder& d, const ptx::Instruction& ins, Op& op) {
  StateSpace space = ins.space().value_or(StateSpace::Generic);
  for (auto m : ins.modifiers)
    if (m.size() >= 2 && m[0] == 'v' && m[1] >= '1' && m[1] <= '8') op.vec = static_cast<uint32_t>(m[1] - '0');
  switch (ins.op) {
    case Opcode::Ld:
    case Opcode::Ldu: {
      if (op.type == ScalarType::None || ptx::bit_width(op.type) > 64) return false;
      d.slots(ins.operands.at(0), op.type, op.dst);
      if (op.dst.size() != op.vec) return false;
      op.mem = d.memref(ins.operands.at(1), space);
      op.run = run_ld;
      return true;
    }
    case Opcode::St: {
      if (op.type == ScalarType::None || ptx::bit_width(op.type) > 64) return false;
      op.mem = d.memref(ins.operands.at(0), space);
      d.slots(ins.operands.at(1), op.type, op.src);
      const ptx::Operand& v = ins.operands.at(1);
      if (v.kind == ptx::Operand::Kind::Sum) op.src_add = {v.value};
      if (op.src.size() != op.vec) return false;
      op.run = run_st;
      return true;
    }
    case Opcode::Cp: {
      if (!ins.has("async")) return false;
      if (ins.has("commit_group") || ins.has("wait_group") || ins.has("wait_all")) {
        op.run = run_nop;  // the copies already happened
        return true;
      }
      if (ins.has("bulk") || ins.has("mbarrier") || ins.has("reduce")) return false;
      op.mem = d.memref(ins.operands.at(0), StateSpace::Shared);
      op.mem.space = StateSpace::Shared;
      const ptx::Operand& src = ins.operands.at(1);
      MemRef s = d.memref(src, StateSpace::Global);
      if (s.base == MemRef::Base::Register) {
        op.src.push_back(s.reg);
        if (s.offset) {
          op.src_add = {s.offset, 0, 0};
        }
      } else {
        op.src.push_back(d.constant(static_cast<uint64_t>(s.offset)));
      }
      op.src.push_back(d.slot(ins.operands.at(2), ScalarType::U32));
      if (ins.operands.size() > 3 && ins.operands[3].kind != ptx::Operand::Kind::Symbol)
        op.src.push_back(d.slot(ins.operands.at(3), ScalarType::U32));
      if (!op.src_add.empty()) op.src_add.resize(op.src.size(), 0);
      op.run = run_cp_async;
      return true;
    }
    case Opcode::Membar:
    case Opcode::Fence:
    case Opcode::Prefetch:
    case Opcode::Prefetchu:
    case Opcode::Applypriority:
    case Opcode::Discard:
    case Opcode::Nanosleep:
    case Opcode::Griddepcontrol:
    case Opcode::Pmevent:
      op.run = run_nop;
      return true;
    case Opcode::Createpolicy:
      d.slots(ins.operands.at(0), ScalarType::B64, op.dst);
      op.run = run_zero;
      return true;
    default: return false;
  }
}

}  // namespace warpsat::simt
