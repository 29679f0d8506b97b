// The warpgroup-level matrix instructions of sm_90a (PTX ISA 9.7.15):
//   wgmma.mma_async.sync.aligned.m64nNkK{.satfinite}.dtype.atype.btype
//       d, {a} | a-desc, b-desc, scale-d{, imm-scale-a, imm-scale-b{, imm-trans-a}, imm-trans-b}
//   wgmma.fence.sync.aligned, wgmma.commit_group.sync.aligned, wgmma.wait_group.sync.aligned N
// Decoded here; wgmma.h computes, wgmma_async.cpp keeps the asynchronous
// state. Shapes and types (PTX ISA "Matrix Shape", "Matrix Data-types"):
//   k16: f16 x f16 (D f16 or f32), bf16 x bf16 (D f32), N = 8..256 step 8; transposable
//   k8:  tf32 x tf32 (D f32), N = 8..256 step 8
//   k32: {e4m3,e5m2} x {e4m3,e5m2} (D f16 or f32), N = 8..256 step 8;
//        {s8,u8} x {s8,u8} (D s32, .satfinite), N = 8, 16, 24 and 32..256 step 16
// Not decoded (they stop the run when executed): wgmma.mma_async.sp, the
// single-bit .b1 form, and anything PTX does not define.
#include <algorithm>
#include <memory>

#include "emulator/simt/decode.h"
#include "emulator/simt/lanes.h"
#include "emulator/simt/wgmma_async.h"

namespace warpsat::simt {

using ptx::Opcode;
using ptx::Operand;
using ptx::ScalarType;

namespace {

void run_mma_async(Exec& x, const Op& op, uint32_t mask) {
  require_full_warp(x, op, mask, "wgmma.mma_async");
  wgmma_issue(x, op, *x.frame.code->wgmma_infos[op.aux]);
  ++x.warp.activity.wgmma_issues;
  x.warp.activity.wgmma_flops += op.mma_flops;
}
void run_fence(Exec& x, const Op& op, uint32_t mask) {
  require_full_warp(x, op, mask, "wgmma.fence");
  wgmma_fence(x, op);
}
void run_commit(Exec& x, const Op& op, uint32_t mask) {
  require_full_warp(x, op, mask, "wgmma.commit_group");
  wgmma_commit(x, op);
}
void run_wait(Exec& x, const Op& op, uint32_t mask) {
  require_full_warp(x, op, mask, "wgmma.wait_group");
  wgmma_wait(x, op, op.aux);
}

bool is_fp8(ScalarType t) { return t == ScalarType::E4M3 || t == ScalarType::E5M2; }
bool is_int8(ScalarType t) { return t == ScalarType::S8 || t == ScalarType::U8; }

// Whether PTX defines the shape and types (and the K the types imply).
bool valid(const WgmmaShape& s) {
  if (s.n < 8 || s.n > 256 || s.n % 8) return false;
  const bool f16 = s.a == ScalarType::F16 && s.b == ScalarType::F16;
  const bool bf16 = s.a == ScalarType::BF16 && s.b == ScalarType::BF16;
  const bool tf32 = s.a == ScalarType::TF32 && s.b == ScalarType::TF32;
  const bool fp8 = is_fp8(s.a) && is_fp8(s.b);
  const bool int8 = is_int8(s.a) && is_int8(s.b);
  if (s.satfinite && !int8) return false;
  if (f16) return s.k == 16 && (s.d == ScalarType::F16 || s.d == ScalarType::F32);
  if (bf16) return s.k == 16 && s.d == ScalarType::F32;
  if (tf32) return s.k == 8 && s.d == ScalarType::F32;
  if (fp8) return s.k == 32 && (s.d == ScalarType::F16 || s.d == ScalarType::F32);
  if (int8) return s.k == 32 && s.d == ScalarType::S32 && (s.n <= 24 || s.n % 16 == 0);
  return false;
}

// "m64n128k16" -> n, k.
bool parse_shape(std::string_view m, WgmmaShape& s) {
  if (!m.starts_with("m64n")) return false;
  const size_t k = m.find('k');
  if (k == std::string_view::npos) return false;
  unsigned n = 0, kk = 0;
  for (char c : m.substr(4, k - 4)) {
    if (c < '0' || c > '9') return false;
    n = n * 10 + static_cast<unsigned>(c - '0');
  }
  for (char c : m.substr(k + 1)) {
    if (c < '0' || c > '9') return false;
    kk = kk * 10 + static_cast<unsigned>(c - '0');
  }
  if (k == 4 || k + 1 == m.size() || n > 256 || kk > 256) return false;
  s.n = n;
  s.k = kk;
  return true;
}

bool immediate(const Operand& o, int64_t& v) {
  if (o.kind != Operand::Kind::Int) return false;
  v = o.value;
  return true;
}

std::vector<std::string> names(const ptx::Function& f, const Operand& o) {
  std::vector<std::string> out;
  auto one = [&](const Operand& e) {
    out.push_back(e.kind == Operand::Kind::Register ? f.registers[e.reg].name() : std::string(e.text));
  };
  if (o.kind == Operand::Kind::Vector) {
    for (const Operand& e : o.elements) one(e);
  } else {
    one(o);
  }
  return out;
}

bool decode_mma_async(Decoder& d, const ptx::Instruction& ins, Op& op) {
  auto info = std::make_shared<WgmmaInfo>();
  WgmmaShape& s = info->shape;
  bool sync = false, aligned = false, shape = false;
  std::vector<ScalarType> types;
  for (size_t i = 1; i < ins.modifiers.size(); ++i) {
    std::string_view m = ins.modifiers[i];
    if (m == "sync") sync = true;
    else if (m == "aligned") aligned = true;
    else if (m == "satfinite") s.satfinite = true;
    else if (auto t = ptx::parse_scalar_type(m)) types.push_back(*t);
    else if (!shape && parse_shape(m, s)) shape = true;
    else return false;  // .sp, .and.popc (b1), anything else
  }
  if (!sync || !aligned || !shape || types.size() != 3) return false;
  s.d = types[0], s.a = types[1], s.b = types[2];
  if (!valid(s)) return false;
  const auto& ops = ins.operands;
  if (ops.size() < 4) return false;
  s.a_in_registers = ops[1].kind == Operand::Kind::Vector;
  const bool transposable = s.a == ScalarType::F16 || s.a == ScalarType::BF16;
  const size_t immediates = s.integer() ? 0 : transposable ? (s.a_in_registers ? 3 : 4) : 2;
  if (ops.size() != 4 + immediates) return false;
  int64_t v[4] = {1, 1, 0, 0};
  for (size_t i = 0; i < immediates; ++i)
    if (!immediate(ops[4 + i], v[i])) return false;
  if (s.a_in_registers && immediates == 3) v[3] = v[2], v[2] = 0;  // no imm-trans-a: A registers are K-major
  if ((v[0] != 1 && v[0] != -1) || (v[1] != 1 && v[1] != -1) || v[2] < 0 || v[2] > 1 || v[3] < 0 || v[3] > 1)
    return false;
  s.negate_a = v[0] < 0, s.negate_b = v[1] < 0, s.a_mn_major = v[2] == 1, s.b_mn_major = v[3] == 1;

  std::vector<Slot> dst, a, b_desc, scale_d;
  const ScalarType d_reg = s.d == ScalarType::F32 ? ScalarType::F32 : s.d == ScalarType::S32 ? ScalarType::S32
                                                                                              : ScalarType::B32;
  d.slots(ops[0], d_reg, dst);
  d.slots(ops[1], s.a_in_registers ? ScalarType::B32 : ScalarType::B64, a);
  d.slots(ops[2], ScalarType::B64, b_desc);
  d.slots(ops[3], ScalarType::Pred, scale_d);
  if (dst.size() != s.d_registers() || a.size() != (s.a_in_registers ? 4u : 1u) || b_desc.size() != 1 ||
      scale_d.size() != 1)
    return false;
  info->a_registers = s.a_in_registers ? 4 : 0;
  info->d_names = names(d.function(), ops[0]);
  if (s.a_in_registers) info->a_names = names(d.function(), ops[1]);
  op.dst = dst;
  op.src = a;
  op.src.push_back(b_desc[0]);
  op.src.push_back(scale_d[0]);
  op.aux = static_cast<uint32_t>(d.code().wgmma_infos.size());
  op.mma_flops = static_cast<uint32_t>(s.flops());
  op.type = s.d;
  op.type2 = s.a;
  op.run = run_mma_async;
  d.code().wgmma_infos.push_back(std::move(info));
  return true;
}

}  // namespace

bool is_wgmma_handler(const Op& op) {
  return op.run == run_mma_async || op.run == run_fence || op.run == run_commit || op.run == run_wait;
}

bool decode_wgmma(Decoder& d, const ptx::Instruction& ins, Op& op) {
  if (ins.op != Opcode::Wgmma || ins.modifiers.empty()) return false;
  std::string_view kind = ins.modifiers[0];
  if (kind == "mma_async") return decode_mma_async(d, ins, op);
  bool sync = false, aligned = false;
  for (size_t i = 1; i < ins.modifiers.size(); ++i) {
    if (ins.modifiers[i] == "sync") sync = true;
    else if (ins.modifiers[i] == "aligned") aligned = true;
    else return false;
  }
  if (!sync || !aligned) return false;
  if (kind == "fence" && ins.operands.empty()) op.run = run_fence;
  else if (kind == "commit_group" && ins.operands.empty()) op.run = run_commit;
  else if (kind == "wait_group" && ins.operands.size() == 1 && ins.operands[0].kind == Operand::Kind::Int &&
           ins.operands[0].value >= 0 && ins.operands[0].value <= 0xffff) {
    op.run = run_wait;
    op.aux = static_cast<uint32_t>(ins.operands[0].value);
  } else {
    return false;
  }
  return true;
}

}  // namespace warpsat::simt
