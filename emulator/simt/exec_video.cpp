// The scalar video instructions: vadd vsub vabsdiff vmin vmax vshl vshr
// (dtype.atype.btype{.sat}{.op2}). Byte and half-word operand selectors
// and the SIMD forms (vadd2, vadd4, ...) are not implemented.
#include <algorithm>

#include "emulator/simt/decode.h"
#include "emulator/simt/lanes.h"

namespace warpsat::simt {

using ptx::Opcode;
using ptx::ScalarType;

namespace {

enum Kind : uint32_t { VAdd, VSub, VAbsdiff, VMin, VMax, VShl, VShr };
enum : uint32_t { kSat = 1, kClamp = 2, kOp2Shift = 2 };  // op2: 0 none, 1 add, 2 min, 3 max

int64_t extend(uint64_t v, ScalarType t) {
  return ptx::is_signed_int(t) ? static_cast<int64_t>(static_cast<int32_t>(v)) : static_cast<int64_t>(v & 0xffffffffu);
}

// op.type: dtype, op.type2: atype, op.aux2: btype (as ScalarType)
void run_video(Exec& x, const Op& op, uint32_t mask) {
  ScalarType dt = op.type, at = op.type2, bt = static_cast<ScalarType>(op.aux2);
  bool d_signed = ptx::is_signed_int(dt);
  int64_t lo = d_signed ? INT32_MIN : 0, hi = d_signed ? INT32_MAX : UINT32_MAX;
  uint32_t op2 = (op.flags >> kOp2Shift) & 3;
  for_lanes(mask, [&](unsigned l) {
    int64_t a = extend(x.src(op, 0, l), at), b = extend(x.src(op, 1, l), bt), t = 0;
    switch (static_cast<Kind>(op.aux)) {
      case VAdd: t = a + b; break;
      case VSub: t = a - b; break;
      case VAbsdiff: t = a > b ? a - b : b - a; break;
      case VMin: t = std::min(a, b); break;
      case VMax: t = std::max(a, b); break;
      case VShl:
      case VShr: {
        uint64_t n = static_cast<uint64_t>(b) & 0xffffffffu;
        n = (op.flags & kClamp) ? std::min<uint64_t>(n, 32) : (n & 31);
        if (op.aux == VShl) t = n >= 32 ? 0 : static_cast<int64_t>(static_cast<uint32_t>(static_cast<uint64_t>(a) << n));
        else t = n >= 32 ? (a < 0 ? -1 : 0) : a >> n;
        break;
      }
    }
    if (op.flags & kSat) t = std::clamp(t, lo, hi);
    if (op2) {
      int64_t c = extend(x.src(op, 2, l), dt);
      t = op2 == 1 ? t + c : op2 == 2 ? std::min(t, c) : std::max(t, c);
    }
    x.set(op.dst[0], l, static_cast<uint32_t>(t));
  });
}

}  // namespace

bool decode_video(Decoder& d, const ptx::Instruction& ins, Op& op) {
  Kind k;
  switch (ins.op) {
    case Opcode::Vadd: k = VAdd; break;
    case Opcode::Vsub: k = VSub; break;
    case Opcode::Vabsdiff: k = VAbsdiff; break;
    case Opcode::Vmin: k = VMin; break;
    case Opcode::Vmax: k = VMax; break;
    case Opcode::Vshl: k = VShl; break;
    case Opcode::Vshr: k = VShr; break;
    default: return false;
  }
  std::vector<ScalarType> types;
  for (auto m : ins.modifiers)
    if (auto t = ptx::parse_scalar_type(m)) types.push_back(*t);
  if (types.size() != 3) return false;
  for (const ptx::Operand& o : ins.operands)
    if (o.component) return false;  // operand selectors are not supported
  op.aux = k;
  op.type = types[0];
  op.type2 = types[1];
  op.aux2 = static_cast<uint32_t>(types[2]);
  if (ins.has("sat")) op.flags |= kSat;
  if (ins.has("clamp")) op.flags |= kClamp;
  uint32_t op2 = ins.has("add") ? 1 : ins.has("min") ? 2 : ins.has("max") ? 3 : 0;
  op.flags |= op2 << kOp2Shift;
  d.slots(ins.operands.at(0), types[0], op.dst);
  for (size_t i = 1; i < ins.operands.size(); ++i) op.src.push_back(d.slot(ins.operands[i], ScalarType::U32));
  if (op2 && op.src.size() != 3) return false;
  op.run = run_video;
  return true;
}

}  // namespace warpsat::simt
