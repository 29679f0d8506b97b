// Warp-collective movement of 8x8 matrices of 16-bit elements between shared
// memory and registers (PTX ISA 9.7.14.5.15-17): ldmatrix, stmatrix and
// movmatrix, shape .m8n8, type .b16. Only the .m8n8.b16 forms exist before
// sm_100; the .m16n16/.m8n16/.b8 forms are not decoded and fail when run.
//
// The fragment of one 8x8 matrix M (PTX ISA, Figure "ldmatrix fragment
// layout"): lane l holds, in one 32-bit register, M[l/4][2*(l%4)] in bits
// 0-15 and M[l/4][2*(l%4)+1] in bits 16-31; a group of four lanes holds a
// row. With .trans the register holds the transposed matrix in that layout,
// M[2*(l%4)][l/4] and M[2*(l%4)+1][l/4]. For .xN the N matrices go to N
// registers, and row r of matrix m starts at the address that lane 8*m + r
// gives; the other lanes' addresses are not used.
#include <vector>

#include <fmt/format.h>

#include "emulator/simt/decode.h"
#include "emulator/simt/lanes.h"
#include "emulator/simt/memory.h"

namespace warpsat::simt {

using ptx::Opcode;
using ptx::ScalarType;
using ptx::StateSpace;

namespace {

constexpr uint32_t kTrans = 1;  // op.flags

// The 16-bit element (r, c) of an 8x8 matrix held in fragment register
// values `frag` (one per lane), untransposed layout.
uint16_t element(const uint32_t* frag, unsigned r, unsigned c) {
  return static_cast<uint16_t>(frag[4 * r + c / 2] >> (16 * (c % 2)));
}

// The address of row `row` of the op's matrices: lane `row`'s address,
// checked for what PTX requires (16-byte alignment, shared memory).
uint64_t row_address(Exec& x, const Op& op, unsigned row, const char* what) {
  uint64_t addr = x.address(op, row);
  if (op.mem.space == StateSpace::Generic && window_of(addr) != Window::Shared)
    x.fail(op, row, fmt::format("{}: generic address 0x{:x} is not in shared memory", what, addr));
  if (addr % 16 != 0) x.fail(op, row, fmt::format("{}: row address 0x{:x} is not 16-byte aligned", what, addr));
  return addr;
}

// ldmatrix.sync.aligned.m8n8.xN{.trans}{.shared{::cta}}.b16 {d...}, [p]
void run_ldmatrix(Exec& x, const Op& op, uint32_t mask) {
  require_full_warp(x, op, mask, "ldmatrix");
  // Every row is read before any register is written: a destination may
  // also hold an address.
  uint32_t rows[4][32];  // per matrix: 8 rows of 4 words, i.e. the untransposed fragments
  for (uint32_t m = 0; m < op.vec; ++m)
    for (unsigned r = 0; r < 8; ++r) {
      unsigned lane = 8 * m + r;
      x.load(op, lane, row_address(x, op, lane, "ldmatrix"), &rows[m][4 * r], 16);
    }
  for (uint32_t m = 0; m < op.vec; ++m)
    for (unsigned l = 0; l < kWarpSize; ++l) {
      uint32_t v = rows[m][l];
      if (op.flags & kTrans) {
        unsigned r = 2 * (l % 4), c = l / 4;
        v = uint32_t{element(rows[m], r, c)} | (uint32_t{element(rows[m], r + 1, c)} << 16);
      }
      x.set(op.dst[m], l, v);
    }
}

// stmatrix.sync.aligned.m8n8.xN{.trans}{.shared{::cta}}.b16 [p], {r...}
void run_stmatrix(Exec& x, const Op& op, uint32_t mask) {
  require_full_warp(x, op, mask, "stmatrix");
  for (uint32_t m = 0; m < op.vec; ++m) {
    uint32_t frag[32];
    for (unsigned l = 0; l < kWarpSize; ++l) frag[l] = static_cast<uint32_t>(x.src(op, m, l));
    for (unsigned r = 0; r < 8; ++r) {
      uint16_t row[8];
      for (unsigned c = 0; c < 8; ++c)
        row[c] = (op.flags & kTrans) ? element(frag, c, r) : element(frag, r, c);  // .trans: memory holds M^T
      unsigned lane = 8 * m + r;
      x.store(op, lane, row_address(x, op, lane, "stmatrix"), row, 16);
    }
  }
}

// movmatrix.sync.aligned.m8n8.trans.b16 d, a: d is the transposed matrix in
// the same fragment layout.
void run_movmatrix(Exec& x, const Op& op, uint32_t mask) {
  require_full_warp(x, op, mask, "movmatrix");
  uint32_t frag[32];
  for (unsigned l = 0; l < kWarpSize; ++l) frag[l] = static_cast<uint32_t>(x.src(op, 0, l));
  for (unsigned l = 0; l < kWarpSize; ++l) {
    unsigned r = 2 * (l % 4), c = l / 4;
    x.set(op.dst[0], l, uint32_t{element(frag, r, c)} | (uint32_t{element(frag, r + 1, c)} << 16));
  }
}

// Checks the modifiers of the .m8n8.b16 forms: sync, aligned, m8n8, b16, the
// matrix count (x1/x2/x4, returned; 1 for movmatrix), trans, and a state
// space that is .shared or .shared::cta. Anything else (other shapes and
// types, .m16n16, .b8, ...) is not decoded.
bool matrix_modifiers(const ptx::Instruction& ins, bool with_count, bool trans_required, uint32_t& count,
                      bool& trans) {
  bool sync = false, aligned = false, shape = false, type = false;
  count = with_count ? 0 : 1;
  trans = false;
  for (std::string_view m : ins.modifiers) {
    if (m == "sync") sync = true;
    else if (m == "aligned") aligned = true;
    else if (m == "m8n8") shape = true;
    else if (m == "b16") type = true;
    else if (m == "trans") trans = true;
    else if (with_count && (m == "x1" || m == "x2" || m == "x4")) count = static_cast<uint32_t>(m[1] - '0');
    else if (with_count && (m == "shared" || m == "shared::cta")) continue;
    else return false;
  }
  return sync && aligned && shape && type && count != 0 && (trans || !trans_required);
}

}  // namespace

bool decode_matrix_move(Decoder& d, const ptx::Instruction& ins, Op& op) {
  uint32_t count = 0;
  bool trans = false;
  switch (ins.op) {
    case Opcode::Ldmatrix:
    case Opcode::Stmatrix: {
      if (!matrix_modifiers(ins, true, false, count, trans) || ins.operands.size() != 2) return false;
      bool load = ins.op == Opcode::Ldmatrix;
      StateSpace space = ins.space().value_or(StateSpace::Generic);
      std::vector<Slot> regs;
      d.slots(ins.operands.at(load ? 0 : 1), ScalarType::B32, regs);
      if (regs.size() != count) return false;
      op.mem = d.memref(ins.operands.at(load ? 1 : 0), space);
      (load ? op.dst : op.src) = regs;
      op.vec = count;
      op.flags = trans ? kTrans : 0;
      op.run = load ? run_ldmatrix : run_stmatrix;
      return true;
    }
    case Opcode::Movmatrix: {
      if (!matrix_modifiers(ins, false, true, count, trans) || ins.operands.size() != 2) return false;
      std::vector<Slot> dst, src;
      d.slots(ins.operands.at(0), ScalarType::B32, dst);
      d.slots(ins.operands.at(1), ScalarType::B32, src);
      if (dst.size() != 1 || src.size() != 1) return false;
      op.dst = dst;
      op.src = src;
      op.run = run_movmatrix;
      return true;
    }
    default: return false;
  }
}

}  // namespace warpsat::simt
