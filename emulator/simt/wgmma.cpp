#include "emulator/simt/wgmma.h"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "emulator/fp/format.h"
#include "emulator/fp/integer_mma.h"

namespace warpsat::simt {

using ptx::ScalarType;

MatrixDescriptor decode_descriptor(uint64_t bits) {
  MatrixDescriptor d;
  d.start = static_cast<uint32_t>(bits & 0x3fff) << 4;
  d.leading = static_cast<uint32_t>((bits >> 16) & 0x3fff) << 4;
  d.stride = static_cast<uint32_t>((bits >> 32) & 0x3fff) << 4;
  d.base_offset = static_cast<uint32_t>((bits >> 49) & 7);
  static constexpr Swizzle kModes[4] = {Swizzle::None, Swizzle::B128, Swizzle::B64, Swizzle::B32};
  d.swizzle = kModes[bits >> 62];
  return d;
}

uint64_t encode_descriptor(const MatrixDescriptor& d) {
  auto field = [](uint32_t bytes) { return uint64_t{(bytes & 0x3ffffu) >> 4}; };
  uint64_t mode = d.swizzle == Swizzle::B128 ? 1 : d.swizzle == Swizzle::B64 ? 2 : d.swizzle == Swizzle::B32 ? 3 : 0;
  return field(d.start) | field(d.leading) << 16 | field(d.stride) << 32 | uint64_t{d.base_offset & 7} << 49 |
         mode << 62;
}

uint64_t operand_address(const SharedOperand& op, unsigned mn, unsigned k) {
  const MatrixDescriptor& d = op.desc;
  const unsigned t = 128 / op.element_bits;           // elements per 16-byte chunk
  const unsigned w = std::max(1u, swizzle_span(d.swizzle) / 16);  // chunks per swizzle line
  const uint64_t size = op.element_bits / 8;
  uint64_t a = d.start;
  if (!op.mn_major) {
    a += (mn / 8) * uint64_t{d.stride} + (k % t) * size;
    if (d.swizzle == Swizzle::None) a += (mn % 8) * 16 + (k / t) * uint64_t{d.leading};
    else a += (mn % 8) * 16 * w + (k / t) * 16;
  } else {
    a += (mn % t) * size;
    if (d.swizzle == Swizzle::None) a += (mn / t) * uint64_t{d.stride} + (k % 8) * 16 + (k / 8) * uint64_t{d.leading};
    else a += ((mn / t) % w) * 16 + (mn / (t * w)) * uint64_t{d.leading} + (k % 8) * 16 * w + (k / 8) * uint64_t{d.stride};
  }
  return swizzle_address(d.swizzle, a);
}

WavefrontCount operand_wavefronts(const SharedOperand& op, unsigned mn, unsigned k) {
  const unsigned t = 128 / op.element_bits;
  const unsigned lines = op.mn_major ? k : mn, chunks = (op.mn_major ? mn : k) / t;
  WavefrontCount out;
  uint64_t row[8];
  for (unsigned l0 = 0; l0 < lines; l0 += 8)
    for (unsigned c = 0; c < chunks; ++c) {
      for (unsigned r = 0; r < 8; ++r)
        row[r] = op.mn_major ? operand_address(op, c * t, l0 + r) : operand_address(op, l0 + r, c * t);
      WavefrontCount w = count_wavefronts(row, 0xffu, 16);
      out.wavefronts += w.wavefronts;
      out.ideal += w.ideal;
      out.ways = std::max(out.ways, w.ways);
    }
  return out;
}

namespace {
// The Count elements of type E of a 16-byte chunk, zero-extended to 32 bits,
// `step` apart in out.
template <class E, unsigned Count>
[[gnu::always_inline]] inline void widen_chunk(const uint8_t* chunk, uint32_t* out, size_t step) {
  E e[Count];
  std::memcpy(e, chunk, 16);
  for (unsigned i = 0; i < Count; ++i) out[i * step] = e[i];
}
}  // namespace

std::string gather_shared(const SharedOperand& op, unsigned mn, unsigned k, const uint8_t* shared, size_t shared_bytes,
                          uint32_t* out) {
  const MatrixDescriptor& d = op.desc;
  // The swizzle comes from the address bits, as TMA's does (swizzle.h); the
  // base offset is what the ISA asks for a pattern starting mid-repeat,
  // (start >> 7) & 7, and anything else would make the hardware read other
  // chunks than those the address bits name.
  if (d.swizzle != Swizzle::None && d.base_offset != 0 && d.base_offset != ((d.start >> 7) & 7))
    return fmt::format("matrix descriptor base offset {} does not match its start address 0x{:x} (PTX ISA: (start >> 7) & 7 "
                       "= {}); the emulator swizzles by address bits and cannot say what this would read",
                       d.base_offset, d.start, (d.start >> 7) & 7);
  const unsigned t = 128 / op.element_bits;
  const unsigned size = op.element_bits / 8;
  // One chunk of t elements at a time: along k (K-major) or along mn (MN-major).
  const unsigned outer = op.mn_major ? k : mn, inner = op.mn_major ? mn : k;
  for (unsigned o = 0; o < outer; ++o)
    for (unsigned c = 0; c < inner; c += t) {
      const unsigned m0 = op.mn_major ? c : o, k0 = op.mn_major ? o : c;
      const uint64_t at = operand_address(op, m0, k0);
      if (at + 16 > shared_bytes)
        return fmt::format("reads 16 bytes at shared address 0x{:x}, past the {} bytes of the block's shared memory "
                           "(matrix descriptor start 0x{:x}, leading byte offset {}, stride byte offset {})",
                           at, shared_bytes, d.start, d.leading, d.stride);
      const uint8_t* chunk = shared + at;
      if (c + t <= inner) {  // a whole chunk, by element size (the loops unroll)
        uint32_t* to = op.mn_major ? out + size_t{c} * k + o : out + size_t{o} * k + c;
        const size_t step = op.mn_major ? k : 1;
        switch (size) {
          case 1: widen_chunk<uint8_t, 16>(chunk, to, step); continue;
          case 2: widen_chunk<uint16_t, 8>(chunk, to, step); continue;
          case 4: widen_chunk<uint32_t, 4>(chunk, to, step); continue;
          default: break;
        }
      }
      for (unsigned e = 0; e < t && c + e < inner; ++e) {
        uint32_t v = 0;
        std::memcpy(&v, chunk + e * size, size);
        const unsigned m = op.mn_major ? c + e : o, kk = op.mn_major ? o : c + e;
        out[size_t{m} * k + kk] = v;
      }
    }
  return {};
}

Cell a_register_cell(unsigned element_bits, unsigned t, unsigned i) {
  const unsigned row = 16 * (t / 32) + (t % 32) / 4, q = t % 4;
  switch (element_bits) {
    case 32: return {row + 8 * (i & 1), 4 * (i >> 1) + q};
    case 8: return {row + 8 * ((i >> 2) & 1), 16 * (i >> 3) + 4 * q + (i & 3)};
    default: return {row + 8 * ((i >> 1) & 1), 8 * (i >> 2) + 2 * q + (i & 1)};
  }
}

namespace {

const fp::Format& format_of(ScalarType t) {
  switch (t) {
    case ScalarType::F16: return fp::kF16;
    case ScalarType::BF16: return fp::kBF16;
    case ScalarType::E4M3: return fp::kE4M3;
    case ScalarType::E5M2: return fp::kE5M2;
    default: return fp::kF32;  // f32, and tf32 in its f32 layout
  }
}

// A multiplicand's bits as the tensor core reads them: tf32 without its 13
// low fraction bits (a NaN stays a NaN), and negated for imm-scale -1.
void prepare(ScalarType t, bool negate, const uint32_t* in, size_t count, std::vector<uint32_t>& out) {
  out.resize(count);
  const fp::Format& f = format_of(t);
  const uint32_t sign = static_cast<uint32_t>(f.sign_mask());
  for (size_t i = 0; i < count; ++i) {
    uint32_t v = in[i];
    if (t == ScalarType::TF32 && !fp::is_nan_f32(v)) v &= ~0x1fffu;
    out[i] = negate ? v ^ sign : v;
  }
}

}  // namespace

unsigned WgmmaShape::a_bits() const { return ptx::bit_width(a); }
unsigned WgmmaShape::b_bits() const { return ptx::bit_width(b); }
unsigned WgmmaShape::d_bits() const { return ptx::bit_width(d); }

std::string WgmmaShape::name() const {
  return fmt::format("m64n{}k{}{}.{}.{}.{}", n, k, satfinite ? ".satfinite" : "", ptx::to_string(d), ptx::to_string(a),
                     ptx::to_string(b));
}

void WgmmaMultiplier::multiply(const WgmmaShape& s, const uint32_t* a, const uint32_t* b, const uint32_t* c,
                               uint32_t* d) {
  const unsigned m = 64, n = s.n, k = s.k;
  if (s.integer()) {
    fp::integer_mma(a, s.a == ScalarType::S8, b, s.b == ScalarType::S8, c, m, n, k, s.satfinite, d, int_scratch_);
    return;
  }
  prepare(s.a, s.negate_a, a, size_t{m} * k, a_bits_);
  prepare(s.b, s.negate_b, b, size_t{n} * k, b_next_);
  const fp::Format& af = format_of(s.a);
  const fp::Format& bf = format_of(s.b);
  const fp::Format& df = format_of(s.d);
  const uint64_t nan = s.d == ScalarType::F16 ? fp::kNaNF16 : fp::kNaNF32;
  // An f32 accumulator is summed as Hopper's tensor cores do (fp/tensor_core_sum.h):
  // measured, where the exact sum is not what the hardware gives.
  const int kept_bits = s.d == ScalarType::F32 ? std::min(fp::hopper_kept_bits(af), fp::hopper_kept_bits(bf)) : 0;
  if (kept_bits > 0) return multiply_hopper(s, af, bf, c, d, kept_bits);
  a_.assign(af, a_bits_.data(), m, k, false);
  update_fixed_b(bf, n, k);
  for (unsigned r = 0; r < m; ++r)
    fp::fixed_dot_row(a_, r, b_, c ? &df : nullptr, c ? c + size_t{r} * n : nullptr, df, nan, d + size_t{r} * n,
                      scratch_);
}

// Consecutive MMAs of a CTA often multiply by the same B (a warp group's
// tile of several m64 parts, say): B's rows, a function of these bits
// alone, are kept.
void WgmmaMultiplier::update_fixed_b(const fp::Format& bf, unsigned n, unsigned k) {
  if (b_bits_ == b_next_ && b_.format() == bf && b_.rows() == n && b_.terms() == k) return;
  b_bits_ = b_next_;
  b_.assign(bf, b_bits_.data(), n, k);
}

void WgmmaMultiplier::multiply_hopper(const WgmmaShape& s, const fp::Format& af, const fp::Format& bf,
                                      const uint32_t* c, uint32_t* d, int kept_bits) {
  const unsigned m = 64, n = s.n, k = s.k;
  fp::decode_matrix(af, a_bits_.data(), m, k, false, decoded_a_);
  // B decoded once for as long as its bits stay (as update_fixed_b keeps B's rows).
  if (decoded_b_bits_ != b_next_ || decoded_b_format_ != bf) {
    decoded_b_bits_ = b_next_;
    decoded_b_format_ = bf;
    fp::decode_matrix(bf, b_next_.data(), n, k, true, decoded_b_);
  }
  fp::hopper_mma_f32_finite(decoded_a_, decoded_b_, c, m, n, k, kept_bits, d);
  // Rows and columns holding an infinity or a NaN take the exact sum's IEEE
  // rules (fixed_dot), as does an accumulator that holds one.
  auto special_c = [&](size_t at) { return c && (c[at] & 0x7f800000u) == 0x7f800000u; };
  bool any = false;
  for (unsigned r = 0; r < m && !any; ++r) any = decoded_a_.special[r];
  for (unsigned col = 0; col < n && !any; ++col) any = decoded_b_.special[col];
  if (c && !any) any = fp::any_f32_special(c, size_t{m} * n);
  if (!any) return;
  const fp::Format& df = format_of(s.d);
  a_.assign(af, a_bits_.data(), m, k, false);
  update_fixed_b(bf, n, k);
  for (unsigned r = 0; r < m; ++r)
    for (unsigned col = 0; col < n; ++col) {
      const size_t at = size_t{r} * n + col;
      if (decoded_a_.special[r] || decoded_b_.special[col] || special_c(at))
        d[at] = static_cast<uint32_t>(fp::fixed_dot(a_, r, b_, col, c ? &df : nullptr, c ? c[at] : 0, df, fp::kNaNF32));
    }
}

}  // namespace warpsat::simt
