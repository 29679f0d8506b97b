// mma.sync.aligned: the warp-wide matrix multiply-accumulate D = A*B + C of
// the tensor cores (PTX ISA 9.7.14.5.14), with the per-lane fragment layouts
// of PTX ISA 9.7.14.5.1-10 ("Matrix Fragments for mma.mMnNkK").
//
// Decoded: shapes and types
//   m8n8k4    .row|.col .row|.col  f16 x f16, C/D f16.f16, f32.f16 (D.C), f32.f32 (4 MMAs per warp)
//   m16n8k8   .row.col  f16 x f16 (C = D: f16 or f32), bf16 x bf16 and tf32 x tf32 (f32)
//   m16n8k16  .row.col  f16 x f16 (C = D: f16 or f32), bf16 x bf16 (f32),
//                       {s8,u8} x {s8,u8} (s32, .satfinite), {e4m3,e5m2} x {e4m3,e5m2} (C = D: f16 or f32)
//   m16n8k4   .row.col  tf32 x tf32 (f32)
//   m16n8k32  .row.col  {s8,u8} x {s8,u8} (s32, .satfinite), {e4m3,e5m2} x {e4m3,e5m2} (C = D: f16 or f32)
//   m8n8k16   .row.col  {s8,u8} x {s8,u8} (s32, .satfinite)
// Everything else (f64, 4-bit and 1-bit integers, .kind::*, block scaling,
// mma.sp) is not decoded, so it stops the run as unsupported.
//
// Arithmetic. Integer: exact; the s32 result wraps modulo 2^32, or with
// .satfinite the exact sum is clamped to [INT32_MIN, INT32_MAX]. f16, bf16
// and tf32 into f32 (C and D): as an H200 sums them (fp/tensor_core_sum.h);
// e4m3 and e5m2 m16n8k32 into f32: as ptxas lowers them for sm_90
// (fp8_mma_as_f16). Other floating point (f16 accumulators; fp/dot.h):
// every product exact, products and C summed exactly, the sum rounded once
// to D's type, round to nearest even; subnormal inputs and results kept; a
// NaN input, 0 * inf or inf - inf gives the canonical NaN (0x7fffffff, f16
// 0x7fff). PTX leaves order, rounding and subnormals open; there, results
// can differ from a GPU in the last bits. A .tf32 operand's 13 low bits are
// ignored (the value is truncated to tf32) unless the f32 pattern is a NaN.
#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "emulator/fp/arith.h"
#include "emulator/fp/dot.h"
#include "emulator/fp/half.h"
#include "emulator/fp/tensor_core_sum.h"
#include "emulator/simt/decode.h"
#include "emulator/simt/lanes.h"

namespace warpsat::simt {

using ptx::Opcode;
using ptx::ScalarType;

namespace {

enum class Shape : uint32_t { m8n8k4, m16n8k4, m16n8k8, m16n8k16, m16n8k32, m8n8k16 };

struct Dims {
  unsigned m, n, k;
};

Dims dims(Shape s) {
  switch (s) {
    case Shape::m8n8k4: return {8, 8, 4};
    case Shape::m16n8k4: return {16, 8, 4};
    case Shape::m16n8k8: return {16, 8, 8};
    case Shape::m16n8k16: return {16, 8, 16};
    case Shape::m16n8k32: return {16, 8, 32};
    case Shape::m8n8k16: return {8, 8, 16};
  }
  return {0, 0, 0};
}

// op.flags
constexpr uint32_t kSatfinite = 1, kAColumnMajor = 2, kBColumnMajor = 4;

struct Spec {
  Shape shape;
  ScalarType a, b, c, d;
  uint32_t flags;
};

Spec spec_of(const Op& op) {
  auto t = [&](unsigned i) { return static_cast<ScalarType>((op.aux2 >> (8 * i)) & 0xff); };
  return {static_cast<Shape>(op.aux), t(0), t(1), t(2), t(3), op.flags};
}

enum class Matrix { A, B, C };  // C's layout also places D (by D's type)

bool is_int8(ScalarType t) { return t == ScalarType::S8 || t == ScalarType::U8; }
bool is_fp8(ScalarType t) { return t == ScalarType::E4M3 || t == ScalarType::E5M2; }

unsigned element_bits(ScalarType t) {
  switch (t) {
    case ScalarType::F16:
    case ScalarType::BF16: return 16;
    case ScalarType::S8:
    case ScalarType::U8:
    case ScalarType::E4M3:
    case ScalarType::E5M2: return 8;
    default: return 32;  // tf32 (in a .b32), f32, s32
  }
}

// m8n8k4 runs four independent MMAs, one per quad pair: lanes 4q..4q+3 and
// 4q+16..4q+19 form MMA q. Every other shape is one MMA of the whole warp.
unsigned groups(Shape s) { return s == Shape::m8n8k4 ? 4 : 1; }
unsigned group_of(Shape s, unsigned lane) { return s == Shape::m8n8k4 ? (lane >> 2) & 3 : 0; }

// Elements of matrix `which` each lane holds.
unsigned elements(const Spec& s, Matrix which) {
  Dims d = dims(s.shape);
  unsigned n = which == Matrix::A ? d.m * d.k : which == Matrix::B ? d.k * d.n : d.m * d.n;
  return groups(s.shape) * n / kWarpSize;
}

struct Pos {
  unsigned row, col;
};

// Row and column of element i of lane `lane`'s fragment of `which` (whose
// element type is t), transcribed from the PTX ISA's "row = ..., col = ..."
// formulas; groupID = lane >> 2, threadID_in_group = lane % 4.
Pos layout(const Spec& s, Matrix which, ScalarType t, unsigned lane, unsigned i) {
  const unsigned g = lane >> 2, q = lane % 4;
  if (s.shape == Shape::m8n8k4) {  // 9.7.14.5.1
    const unsigned hi = lane >= 16 ? 4 : 0;
    switch (which) {
      case Matrix::A: return (s.flags & kAColumnMajor) ? Pos{i % 4 + hi, q} : Pos{q + hi, i};
      case Matrix::B: return (s.flags & kBColumnMajor) ? Pos{i, q + hi} : Pos{q, i + hi};
      case Matrix::C:
        if (t == ScalarType::F16) return {q + hi, i};
        return {(lane & 1) + (i & 2) + hi, (i & 4) + (lane & 2) + (i & 1)};
    }
  }
  if (which == Matrix::C) {
    if (s.shape == Shape::m8n8k16) return {g, 2 * q + i};  // 9.7.14.5.5
    return {g + 8 * (i >> 1), 2 * q + (i & 1)};            // every m16n8 shape
  }
  const bool a = which == Matrix::A;
  switch (s.shape) {
    case Shape::m16n8k4:  // 9.7.14.5.6, tf32
      return a ? Pos{g + 8 * i, q} : Pos{q, g};
    case Shape::m16n8k8:  // 9.7.14.5.7
      if (t == ScalarType::TF32) return a ? Pos{g + 8 * (i & 1), q + 4 * (i >> 1)} : Pos{q + 4 * i, g};
      return a ? Pos{g + 8 * (i >> 1), 2 * q + (i & 1)} : Pos{2 * q + i, g};
    case Shape::m16n8k16:
      if (element_bits(t) == 16)  // 9.7.14.5.8
        return a ? Pos{g + 8 * ((i >> 1) & 1), 2 * q + (i & 1) + 8 * (i >> 2)} : Pos{2 * q + (i & 1) + 8 * (i >> 1), g};
      return a ? Pos{g + 8 * (i >> 2), 4 * q + (i & 3)} : Pos{4 * q + i, g};  // 9.7.14.5.9, 8-bit
    case Shape::m16n8k32:  // 9.7.14.5.10, 8-bit
      return a ? Pos{g + 8 * ((i >> 2) & 1), 4 * q + (i & 3) + 16 * (i >> 3)} : Pos{4 * q + (i & 3) + 16 * (i >> 2), g};
    case Shape::m8n8k16:  // 9.7.14.5.5
      return a ? Pos{g, 4 * q + i} : Pos{4 * q + i, g};
    case Shape::m8n8k4: break;
  }
  return {0, 0};
}

const fp::Format& format_of(ScalarType t) {
  switch (t) {
    case ScalarType::F16: return fp::kF16;
    case ScalarType::BF16: return fp::kBF16;
    case ScalarType::E4M3: return fp::kE4M3;
    case ScalarType::E5M2: return fp::kE5M2;
    default: return fp::kF32;  // f32, and tf32 in its f32 layout
  }
}

// A multiplicand's bits as the accumulator reads them: tf32 drops the 13 low
// fraction bits of its .b32 (a NaN stays a NaN).
uint32_t operand_bits(ScalarType t, uint32_t v) {
  if (t == ScalarType::TF32 && !fp::is_nan_f32(v)) return v & ~0x1fffu;
  return v;
}

int64_t int_value(ScalarType t, uint32_t v) {
  if (t == ScalarType::S8) return static_cast<int8_t>(v);
  if (t == ScalarType::U8) return static_cast<uint8_t>(v);
  return static_cast<int32_t>(v);  // s32 accumulator
}

// One element of D as the exact sum of its products and C, rounded once.
uint32_t exact_element(const Spec& s, const Dims& dm, const uint32_t (&A)[16][32], const uint32_t (&B)[32][8],
                       unsigned r, unsigned c, uint32_t acc) {
  fp::ExactSum sum;
  sum.add(format_of(s.c), acc);
  for (unsigned k = 0; k < dm.k; ++k)
    sum.add_product(format_of(s.a), operand_bits(s.a, A[r][k]), format_of(s.b), operand_bits(s.b, B[k][c]));
  const uint64_t nan = s.d == ScalarType::F16 ? fp::kNaNF16 : fp::kNaNF32;
  return static_cast<uint32_t>(sum.round(format_of(s.d), nan));
}

// fp8 mma.sync m16n8k32 into f32 as ptxas lowers it for sm_90, which has no
// fp8 mma.sync unit (cuobjdump of tests/files/tensor-cores/probes/mma_e4m3.ptx
// on an H100): each operand unpacked to f16 (exact), one HMMA.16816.F32 from
// zero over the k with k % 4 < 2 (the low halves of each fragment register),
// a second over the rest onto its result, then an FADD of C. Operands are
// decoded as f16 with those two halves side by side: k % 4 < 2 first.
void decode_fp8_as_f16(const Spec& s, const uint32_t (&A)[16][32], const uint32_t (&B)[32][8],
                       fp::TensorOperand (&TA)[16][32], fp::TensorOperand (&TB)[8][32]) {
  const auto as_f16 = [](ScalarType t, uint32_t v) {
    const fp::Fp8 kind = t == ScalarType::E4M3 ? fp::Fp8::e4m3 : fp::Fp8::e5m2;
    return fp::decode_operand(fp::kF16, fp::fp8_to_f16(kind, static_cast<uint8_t>(v)));
  };
  for (unsigned k = 0; k < 32; ++k) {
    const unsigned slot = (k % 4 < 2 ? 0 : 16) + (k / 4) * 2 + k % 2;
    for (unsigned r = 0; r < 16; ++r) TA[r][slot] = as_f16(s.a, A[r][k]);
    for (unsigned c = 0; c < 8; ++c) TB[c][slot] = as_f16(s.b, B[k][c]);
  }
}

std::optional<uint32_t> fp8_mma_as_f16(const fp::TensorOperand* a, const fp::TensorOperand* b, uint32_t c) {
  if (fp::decode_operand(fp::kF32, c).special) return std::nullopt;
  const int kept = fp::hopper_kept_bits(fp::kF16);
  const std::optional<uint32_t> low = fp::hopper_dot_f32(a, fp::kF16.frac_bits, b, fp::kF16.frac_bits, 16, nullptr, kept);
  if (!low) return std::nullopt;
  const std::optional<uint32_t> high =
      fp::hopper_dot_f32(a + 16, fp::kF16.frac_bits, b + 16, fp::kF16.frac_bits, 16, &*low, kept);
  if (!high) return std::nullopt;
  return fp::add_f32(c, *high);
}

void run_mma(Exec& x, const Op& op, uint32_t mask) {
  require_full_warp(x, op, mask, "mma");
  const Spec s = spec_of(op);
  const Dims dm = dims(s.shape);
  const unsigned ea = elements(s, Matrix::A), eb = elements(s, Matrix::B), ec = elements(s, Matrix::C),
                 ed = ec;
  const size_t first_b = ea * element_bits(s.a) / 32, first_c = first_b + eb * element_bits(s.b) / 32;

  // Gather every lane's fragments into whole matrices (raw element bits),
  // before anything is written: D may be C's (or A's, B's) registers.
  uint32_t A[4][16][32] = {}, B[4][32][8] = {}, C[4][16][8] = {};
  auto gather = [&](Matrix which, ScalarType t, size_t first, unsigned count, auto&& put) {
    const unsigned bits = element_bits(t);
    const uint32_t emask = bits == 32 ? 0xffffffffu : (1u << bits) - 1;
    for (unsigned l = 0; l < kWarpSize; ++l)
      for (unsigned i = 0; i < count; ++i) {
        const unsigned bit = i * bits;
        const auto reg = static_cast<uint32_t>(x.src(op, first + bit / 32, l));
        put(group_of(s.shape, l), layout(s, which, t, l, i), (reg >> (bit % 32)) & emask);
      }
  };
  gather(Matrix::A, s.a, 0, ea, [&](unsigned g, Pos p, uint32_t v) { A[g][p.row][p.col] = v; });
  gather(Matrix::B, s.b, first_b, eb, [&](unsigned g, Pos p, uint32_t v) { B[g][p.row][p.col] = v; });
  gather(Matrix::C, s.c, first_c, ec, [&](unsigned g, Pos p, uint32_t v) { C[g][p.row][p.col] = v; });

  uint32_t D[4][16][8] = {};
  const bool integer = s.d == ScalarType::S32;
  const bool f32_cd = s.c == ScalarType::F32 && s.d == ScalarType::F32;
  // Floating point into an f32 accumulator: summed as Hopper does
  // (fp/tensor_core_sum.h; docs/emulator.md, "Tensor cores"), measured with
  // bench/gpu/replay on random MMAs. f16 accumulators keep the exact sum.
  const bool hopper_sum = f32_cd && !is_fp8(s.a) && !is_fp8(s.b);
  const bool fp8_as_f16 = f32_cd && is_fp8(s.a) && is_fp8(s.b) && dm.k == 32;
  const fp::Format &fa = format_of(s.a), &fb = format_of(s.b);
  fp::TensorOperand TA[16][32], TB[8][32];  // the Hopper sum's operands: rows of A, columns of B
  for (unsigned g = 0; g < groups(s.shape); ++g) {
    if (hopper_sum)
      for (unsigned k = 0; k < dm.k; ++k) {
        for (unsigned r = 0; r < dm.m; ++r) TA[r][k] = fp::decode_operand(fa, operand_bits(s.a, A[g][r][k]));
        for (unsigned c = 0; c < dm.n; ++c) TB[c][k] = fp::decode_operand(fb, operand_bits(s.b, B[g][k][c]));
      }
    if (fp8_as_f16) decode_fp8_as_f16(s, A[g], B[g], TA, TB);
    for (unsigned r = 0; r < dm.m; ++r)
      for (unsigned c = 0; c < dm.n; ++c) {
        // nullopt below: an infinity or a NaN, the exact sum's IEEE rules
        std::optional<uint32_t> v;
        if (integer) {
          int64_t sum = int_value(ScalarType::S32, C[g][r][c]);
          for (unsigned k = 0; k < dm.k; ++k) sum += int_value(s.a, A[g][r][k]) * int_value(s.b, B[g][k][c]);
          if (s.flags & kSatfinite) sum = std::clamp<int64_t>(sum, INT32_MIN, INT32_MAX);
          D[g][r][c] = static_cast<uint32_t>(sum);  // wraps modulo 2^32 without .satfinite
        } else if (hopper_sum && (v = fp::hopper_dot_f32(TA[r], fa.frac_bits, TB[c], fb.frac_bits, dm.k,
                                                         &C[g][r][c], fp::hopper_kept_bits(fa)))) {
          D[g][r][c] = *v;
        } else if (fp8_as_f16 && (v = fp8_mma_as_f16(TA[r], TB[c], C[g][r][c]))) {
          D[g][r][c] = *v;
        } else {
          D[g][r][c] = exact_element(s, dm, A[g], B[g], r, c, C[g][r][c]);
        }
      }
  }

  const unsigned bits = element_bits(s.d);
  for (unsigned l = 0; l < kWarpSize; ++l) {
    uint32_t regs[8] = {};
    for (unsigned i = 0; i < ed; ++i) {
      const Pos p = layout(s, Matrix::C, s.d, l, i);
      const unsigned bit = i * bits;
      regs[bit / 32] |= D[group_of(s.shape, l)][p.row][p.col] << (bit % 32);
    }
    for (size_t j = 0; j < op.dst.size(); ++j) x.set(op.dst[j], l, regs[j]);
  }
}

// Whether PTX defines mma for this shape, layout and type combination
// (PTX ISA, mma, "Syntax" and the restrictions listed under "Description"),
// among the ones implemented here.
bool valid(const Spec& s) {
  const bool row_col = (s.flags & (kAColumnMajor | kBColumnMajor)) == kBColumnMajor;
  const bool sat = (s.flags & kSatfinite) != 0;
  const bool same_cd = s.c == s.d;
  const bool f16_or_f32_cd = same_cd && (s.d == ScalarType::F16 || s.d == ScalarType::F32);
  const bool f32_cd = same_cd && s.d == ScalarType::F32;
  const bool int8 = is_int8(s.a) && is_int8(s.b) && same_cd && s.d == ScalarType::S32;
  const bool fp8 = is_fp8(s.a) && is_fp8(s.b) && f16_or_f32_cd;
  const bool f16 = s.a == ScalarType::F16 && s.b == ScalarType::F16;
  const bool bf16 = s.a == ScalarType::BF16 && s.b == ScalarType::BF16;
  const bool tf32 = s.a == ScalarType::TF32 && s.b == ScalarType::TF32;
  if (sat && !int8) return false;
  switch (s.shape) {
    case Shape::m8n8k4:  // any layouts; D.C = f16.f16, f32.f16 or f32.f32 (a .f32 C needs a .f32 D)
      if (!f16) return false;
      if (s.c == ScalarType::F16) return s.d == ScalarType::F16 || s.d == ScalarType::F32;
      return f32_cd;
    case Shape::m16n8k4: return row_col && tf32 && f32_cd;
    case Shape::m16n8k8: return row_col && ((f16 && f16_or_f32_cd) || ((bf16 || tf32) && f32_cd));
    case Shape::m16n8k16: return row_col && ((f16 && f16_or_f32_cd) || (bf16 && f32_cd) || int8 || fp8);
    case Shape::m16n8k32: return row_col && (int8 || fp8);
    case Shape::m8n8k16: return row_col && int8;
  }
  return false;
}

}  // namespace

bool decode_mma(Decoder& d, const ptx::Instruction& ins, Op& op) {
  if (ins.op != Opcode::Mma) return false;
  static constexpr std::pair<std::string_view, Shape> kShapes[] = {
      {"m8n8k4", Shape::m8n8k4},     {"m16n8k4", Shape::m16n8k4},   {"m16n8k8", Shape::m16n8k8},
      {"m16n8k16", Shape::m16n8k16}, {"m16n8k32", Shape::m16n8k32}, {"m8n8k16", Shape::m8n8k16}};
  bool sync = false, aligned = false, shape = false;
  Spec s{Shape::m16n8k16, ScalarType::None, ScalarType::None, ScalarType::None, ScalarType::None, 0};
  std::vector<bool> layouts;  // column-major?
  std::vector<ScalarType> types;
  for (std::string_view m : ins.modifiers) {
    if (m == "sync") sync = true;
    else if (m == "aligned") aligned = true;
    else if (m == "row" || m == "col") layouts.push_back(m == "col");
    else if (m == "satfinite") s.flags |= kSatfinite;
    else if (auto t = ptx::parse_scalar_type(m)) types.push_back(*t);
    else {
      auto it = std::find_if(std::begin(kShapes), std::end(kShapes), [&](const auto& e) { return e.first == m; });
      if (it == std::end(kShapes) || shape) return false;  // .sp, .kind::*, .block_scale, .xor/.and, .popc, ...
      s.shape = it->second;
      shape = true;
    }
  }
  if (!sync || !aligned || !shape || layouts.size() != 2 || types.size() != 4 || ins.operands.size() != 4) return false;
  if (layouts[0]) s.flags |= kAColumnMajor;
  if (layouts[1]) s.flags |= kBColumnMajor;
  s.d = types[0], s.a = types[1], s.b = types[2], s.c = types[3];
  if (!valid(s)) return false;

  auto regs = [&](Matrix which, ScalarType t) { return elements(s, which) * element_bits(t) / 32; };
  std::vector<Slot> dst, a, b, c;
  d.slots(ins.operands[0], ScalarType::B32, dst);
  d.slots(ins.operands[1], ScalarType::B32, a);
  d.slots(ins.operands[2], ScalarType::B32, b);
  d.slots(ins.operands[3], s.c == ScalarType::F32 ? ScalarType::F32 : ScalarType::B32, c);
  if (dst.size() != regs(Matrix::C, s.d) || a.size() != regs(Matrix::A, s.a) || b.size() != regs(Matrix::B, s.b) ||
      c.size() != regs(Matrix::C, s.c))
    return false;
  op.dst = dst;
  op.src = a;
  op.src.insert(op.src.end(), b.begin(), b.end());
  op.src.insert(op.src.end(), c.begin(), c.end());
  op.aux = static_cast<uint32_t>(s.shape);
  op.aux2 = static_cast<uint32_t>(s.a) | static_cast<uint32_t>(s.b) << 8 | static_cast<uint32_t>(s.c) << 16 |
            static_cast<uint32_t>(s.d) << 24;
  op.flags = s.flags;
  op.type = s.d;
  op.type2 = s.a;
  op.run = run_mma;
  return true;
}

}  // namespace warpsat::simt
