// Integer, bit and predicate instructions: add sub mul mad (with .hi/.wide,
// .sat, .cc carries), mul24 mad24 sad div rem abs neg min max, popc clz
// bfind fns brev bfe bfi szext bmsk dp4a dp2a, and or xor not cnot lop3 shf
// shl shr prmt, and integer setp set selp slct.
#include <algorithm>
#include <limits>

#include "emulator/simt/decode.h"
#include "emulator/simt/lanes.h"

namespace warpsat::simt {

using ptx::Opcode;
using ptx::ScalarType;

namespace {

__extension__ using i128 = __int128;
__extension__ using u128 = unsigned __int128;

bool is_int_type(ScalarType t) {
  return ptx::is_signed_int(t) || ptx::is_unsigned_int(t) || ptx::is_bits(t) || t == ScalarType::Pred;
}

// ---- flags ----
enum : uint32_t {
  kLo = 0, kHi = 1, kWide = 2, kModeMask = 3,
  kSat = 1u << 2, kCarryOut = 1u << 3, kCarryIn = 1u << 4,
};

// ---- add / sub (with carries) ----
template <typename T>
void run_add_sub(Exec& x, const Op& op, uint32_t mask) {
  using U = std::make_unsigned_t<T>;
  bool sub = op.aux == 1;
  for_lanes(mask, [&](unsigned l) {
    U a = as<U>(x.src(op, 0, l)), b = as<U>(x.src(op, 1, l));
    U cin = (op.flags & kCarryIn) ? static_cast<U>(x.get(x.frame.code->carry, l) & 1) : 0;
    U r;
    bool carry;
    if (!sub) {
      r = static_cast<U>(a + b + cin);
      carry = (u128{a} + u128{b} + u128{cin}) >> (8 * sizeof(U)) != 0;
    } else {
      // NVIDIA's CC.CF after a subtraction is the carry out of a + ~b + 1,
      // i.e. 1 when nothing was borrowed (ZLUDA's subc_cc_s32 shows it);
      // subc adds CF in place of the 1.
      U c1 = (op.flags & kCarryIn) ? cin : U{1};
      U nb = static_cast<U>(~b);
      r = static_cast<U>(a + nb + c1);
      carry = (u128{a} + u128{nb} + u128{c1}) >> (8 * sizeof(U)) != 0;
    }
    if ((op.flags & kSat) && std::is_signed_v<T>) {
      i128 exact = sub ? i128{static_cast<T>(a)} - i128{static_cast<T>(b)} : i128{static_cast<T>(a)} + i128{static_cast<T>(b)};
      exact = std::clamp<i128>(exact, std::numeric_limits<T>::min(), std::numeric_limits<T>::max());
      r = static_cast<U>(static_cast<T>(exact));
    }
    x.set(op.dst[0], l, r);
    if (op.flags & kCarryOut) x.set(x.frame.code->carry, l, carry);
  });
}

// ---- mul / mad / mul24 / mad24 ----
template <typename T>
void run_mul(Exec& x, const Op& op, uint32_t mask) {
  using U = std::make_unsigned_t<T>;
  constexpr unsigned W = 8 * sizeof(T);
  bool mad = op.aux == 1, is24 = op.aux >= 2, mad24 = op.aux == 3;
  for_lanes(mask, [&](unsigned l) {
    T a = as<T>(x.src(op, 0, l)), b = as<T>(x.src(op, 1, l));
    i128 p;
    if (is24) {
      auto lo24 = [](T v) -> i128 {
        if constexpr (std::is_signed_v<T>) return static_cast<i128>(static_cast<int32_t>(static_cast<uint32_t>(v) << 8) >> 8);
        else return static_cast<i128>(static_cast<uint32_t>(v) & 0xffffff);
      };
      p = lo24(a) * lo24(b);
    } else {
      p = static_cast<i128>(a) * static_cast<i128>(b);
    }
    uint32_t mode = op.flags & kModeMask;
    i128 addend = 0;
    bool wide = mode == kWide;
    if (mad || mad24) {
      uint64_t c = x.src(op, 2, l);
      if (!wide) {
        addend = std::is_signed_v<T> ? i128{as<T>(c)} : i128{as<U>(c)};
      } else if constexpr (W <= 32) {
        // .wide: c is twice T's width.
        constexpr unsigned sh = 64 - 2 * W;
        addend = std::is_signed_v<T> ? static_cast<i128>(static_cast<int64_t>(c << sh) >> sh)
                                     : static_cast<i128>((c << sh) >> sh);
      }
    }
    uint64_t carry_in = (op.flags & kCarryIn) ? (x.get(x.frame.code->carry, l) & 1) : 0;
    uint64_t out;
    bool carry = false;
    if (wide) {
      out = static_cast<uint64_t>(p + addend);
    } else if (mode == kHi) {
      i128 hi = is24 ? (p >> 16) : (p >> W);
      if (op.flags & kSat) {  // mad.hi.sat.s32: saturate (a*b >> 32) + c
        i128 r = hi + addend;
        r = std::clamp<i128>(r, std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max());
        out = bits_of(static_cast<T>(r));
      } else {
        u128 sum = static_cast<u128>(static_cast<U>(hi)) + static_cast<u128>(static_cast<U>(addend)) + carry_in;
        carry = (sum >> W) != 0;
        out = bits_of(static_cast<U>(sum));
      }
    } else {
      u128 sum = static_cast<u128>(static_cast<U>(p)) + static_cast<u128>(static_cast<U>(addend)) + carry_in;
      carry = (sum >> W) != 0;
      out = bits_of(static_cast<U>(sum));
    }
    x.set(op.dst[0], l, out);
    if (op.flags & kCarryOut) x.set(x.frame.code->carry, l, carry);
  });
}

// ---- simple binary and unary operations, by type ----
// Operands are read as whole-warp arrays (Exec::lanes), the common case of
// the inner loop; reg+imm sources take the general path.
template <typename T, typename Fn>
void run_binary(Exec& x, const Op& op, uint32_t mask) {
  if (!op.src_add.empty()) {
    for_lanes(mask, [&](unsigned l) {
      T a = as<T>(x.src(op, 0, l)), b = as<T>(x.src(op, 1, l));
      x.set(op.dst[0], l, bits_of(static_cast<T>(Fn{}(a, b, op))));
    });
    return;
  }
  uint64_t ta[kWarpSize], tb[kWarpSize];
  const uint64_t* a = x.lanes(op.src[0], ta);
  const uint64_t* b = x.lanes(op.src[1], tb);
  uint64_t* d = x.regs + static_cast<size_t>(op.dst[0]) * kWarpSize;
  const uint64_t m = x.masks[op.dst[0]];
  for_lanes(mask, [&](unsigned l) { d[l] = bits_of(static_cast<T>(Fn{}(as<T>(a[l]), as<T>(b[l]), op))) & m; });
}

// d = a * b + c, the low half (mad.lo), on whole-warp arrays.
template <typename T>
void run_mad_lo(Exec& x, const Op& op, uint32_t mask) {
  using U = std::make_unsigned_t<T>;
  uint64_t ta[kWarpSize], tb[kWarpSize], tc[kWarpSize];
  const uint64_t* a = x.lanes(op.src[0], ta);
  const uint64_t* b = x.lanes(op.src[1], tb);
  const uint64_t* c = x.lanes(op.src[2], tc);
  uint64_t* d = x.regs + static_cast<size_t>(op.dst[0]) * kWarpSize;
  const uint64_t m = x.masks[op.dst[0]];
  for_lanes(mask, [&](unsigned l) {
    d[l] = bits_of(static_cast<U>(static_cast<U>(a[l]) * static_cast<U>(b[l]) + static_cast<U>(c[l]))) & m;
  });
}
template <typename T, typename>
struct MadLo {
  static void fn(Exec& x, const Op& op, uint32_t m) { run_mad_lo<T>(x, op, m); }
};

struct Plus {
  template <typename T>
  T operator()(T a, T b, const Op&) const { return static_cast<T>(static_cast<std::make_unsigned_t<T>>(a) + static_cast<std::make_unsigned_t<T>>(b)); }
};
struct Minus {
  template <typename T>
  T operator()(T a, T b, const Op&) const { return static_cast<T>(static_cast<std::make_unsigned_t<T>>(a) - static_cast<std::make_unsigned_t<T>>(b)); }
};
struct MulLo {
  template <typename T>
  T operator()(T a, T b, const Op&) const { return static_cast<T>(static_cast<std::make_unsigned_t<T>>(a) * static_cast<std::make_unsigned_t<T>>(b)); }
};
template <typename T, typename Fn>
void run_unary(Exec& x, const Op& op, uint32_t mask) {
  for_lanes(mask, [&](unsigned l) { x.set(op.dst[0], l, Fn{}(as<T>(x.src(op, 0, l)), op)); });
}

struct Div {
  template <typename T>
  T operator()(T a, T b, const Op&) const {
    // PTX leaves division by zero undefined; NVIDIA GPUs return all ones
    // (-1 for signed), which the emulator reproduces. INT_MIN / -1 wraps.
    if (b == 0) return static_cast<T>(-1);
    if constexpr (std::is_signed_v<T>)
      if (a == std::numeric_limits<T>::min() && b == -1) return a;
    return static_cast<T>(a / b);
  }
};
struct Rem {
  template <typename T>
  T operator()(T a, T b, const Op&) const {
    if (b == 0) return a;  // documented choice: the dividend
    if constexpr (std::is_signed_v<T>)
      if (b == -1) return 0;
    return static_cast<T>(a % b);
  }
};
struct Min {
  template <typename T>
  T operator()(T a, T b, const Op& op) const {
    T r = std::min(a, b);
    if constexpr (std::is_signed_v<T>)
      if (op.flags & 1) r = std::max<T>(r, 0);  // .relu
    return r;
  }
};
struct Max {
  template <typename T>
  T operator()(T a, T b, const Op& op) const {
    T r = std::max(a, b);
    if constexpr (std::is_signed_v<T>)
      if (op.flags & 1) r = std::max<T>(r, 0);
    return r;
  }
};
struct And {
  template <typename T>
  T operator()(T a, T b, const Op&) const { return static_cast<T>(a & b); }
};
struct Or {
  template <typename T>
  T operator()(T a, T b, const Op&) const { return static_cast<T>(a | b); }
};
struct Xor {
  template <typename T>
  T operator()(T a, T b, const Op&) const { return static_cast<T>(a ^ b); }
};
struct Shl {
  template <typename T>
  T operator()(T a, T b, const Op&) const {
    uint32_t n = static_cast<uint32_t>(b);
    return n >= 8 * sizeof(T) ? T{0} : static_cast<T>(static_cast<std::make_unsigned_t<T>>(a) << n);
  }
};
struct Shr {
  template <typename T>
  T operator()(T a, T b, const Op&) const {
    uint32_t n = static_cast<uint32_t>(b);  // the amount is a .u32 operand, clamped to the width
    if (n >= 8 * sizeof(T)) n = 8 * sizeof(T) - 1 + (std::is_signed_v<T> ? 0 : 1);
    if (n >= 8 * sizeof(T)) return 0;
    return static_cast<T>(a >> n);
  }
};

struct Abs {
  template <typename T>
  uint64_t operator()(T a, const Op&) const { return bits_of(static_cast<T>(a < 0 ? static_cast<T>(0 - static_cast<std::make_unsigned_t<T>>(a)) : a)); }
};
struct Neg {
  template <typename T>
  uint64_t operator()(T a, const Op&) const { return bits_of(static_cast<T>(0 - static_cast<std::make_unsigned_t<T>>(a))); }
};
struct Not {
  template <typename T>
  uint64_t operator()(T a, const Op& op) const { return op.type == ScalarType::Pred ? (a & 1) ^ 1 : bits_of(static_cast<T>(~a)); }
};
struct Cnot {
  template <typename T>
  uint64_t operator()(T a, const Op&) const { return a == 0 ? 1 : 0; }
};
struct Popc {
  template <typename T>
  uint64_t operator()(T a, const Op&) const { return static_cast<uint64_t>(__builtin_popcountll(bits_of(a))); }
};
struct Clz {
  template <typename T>
  uint64_t operator()(T a, const Op&) const {
    uint64_t v = bits_of(a);
    return v == 0 ? 8 * sizeof(T) : static_cast<uint64_t>(__builtin_clzll(v) - (64 - 8 * static_cast<int>(sizeof(T))));
  }
};
struct Brev {
  template <typename T>
  uint64_t operator()(T a, const Op&) const {
    uint64_t v = bits_of(a), r = 0;
    for (unsigned i = 0; i < 8 * sizeof(T); ++i) r |= ((v >> i) & 1) << (8 * sizeof(T) - 1 - i);
    return r;
  }
};
struct Bfind {
  template <typename T>
  uint64_t operator()(T a, const Op& op) const {
    constexpr unsigned W = 8 * sizeof(T);
    uint64_t v = bits_of(a);
    if constexpr (std::is_signed_v<T>)
      if (a < 0) v = bits_of(static_cast<T>(~a));  // the most significant non-sign bit
    if (v == 0) return 0xffffffffu;
    unsigned pos = 63 - static_cast<unsigned>(__builtin_clzll(v));
    return (op.flags & 1) ? W - 1 - pos : pos;  // .shiftamt
  }
};

template <template <typename, typename> class Run, typename Fn>
Handler pick(ScalarType t) {
  switch (t) {
    case ScalarType::U8: return Run<uint8_t, Fn>::fn;
    case ScalarType::S8: return Run<int8_t, Fn>::fn;
    case ScalarType::U16: case ScalarType::B16: return Run<uint16_t, Fn>::fn;
    case ScalarType::S16: return Run<int16_t, Fn>::fn;
    case ScalarType::U32: case ScalarType::B32: return Run<uint32_t, Fn>::fn;
    case ScalarType::S32: return Run<int32_t, Fn>::fn;
    case ScalarType::U64: case ScalarType::B64: return Run<uint64_t, Fn>::fn;
    case ScalarType::S64: return Run<int64_t, Fn>::fn;
    case ScalarType::Pred: return Run<uint8_t, Fn>::fn;
    default: return nullptr;
  }
}
template <typename T, typename Fn>
struct Binary {
  static void fn(Exec& x, const Op& op, uint32_t m) { run_binary<T, Fn>(x, op, m); }
};
template <typename T, typename Fn>
struct Unary {
  static void fn(Exec& x, const Op& op, uint32_t m) { run_unary<T, Fn>(x, op, m); }
};
template <typename T, typename>
struct AddSub {
  static void fn(Exec& x, const Op& op, uint32_t m) { run_add_sub<T>(x, op, m); }
};
template <typename T, typename>
struct Mul {
  static void fn(Exec& x, const Op& op, uint32_t m) { run_mul<T>(x, op, m); }
};

// ---- setp / set / selp / slct ----
enum Cmp : uint32_t { Eq, Ne, Lt, Le, Gt, Ge };
uint32_t compare_code(const ptx::Instruction& ins) {
  static constexpr std::pair<std::string_view, uint32_t> kOps[] = {
      {"eq", Eq}, {"ne", Ne}, {"lt", Lt}, {"le", Le}, {"gt", Gt}, {"ge", Ge},
      {"lo", Lt}, {"ls", Le}, {"hi", Gt}, {"hs", Ge}};
  for (auto m : ins.modifiers)
    for (auto [name, c] : kOps)
      if (m == name) return c;
  return 0xff;
}
uint32_t bool_code(const ptx::Instruction& ins) {  // 0 none, 1 and, 2 or, 3 xor
  for (size_t i = 0; i < ins.modifiers.size(); ++i) {
    auto m = ins.modifiers[i];
    if (m == "and") return 1;
    if (m == "or") return 2;
    if (m == "xor") return 3;
  }
  return 0;
}

template <typename T>
bool compare(uint32_t cmp, T a, T b) {
  switch (cmp) {
    case Eq: return a == b;
    case Ne: return a != b;
    case Lt: return a < b;
    case Le: return a <= b;
    case Gt: return a > b;
    default: return a >= b;
  }
}

bool combine(uint32_t how, bool r, bool c) {
  switch (how) {
    case 1: return r && c;
    case 2: return r || c;
    case 3: return r != c;
    default: return r;
  }
}

// flags: cmp (4 bits), bool op (2 bits at 4), c negated (bit 6); src[2] = c; set: dst type in type2
template <typename T, uint32_t kCmp>
void run_setp_plain(Exec& x, const Op& op, uint32_t mask) {
  uint64_t ta[kWarpSize], tb[kWarpSize];
  const uint64_t* a = x.lanes(op.src[0], ta);
  const uint64_t* b = x.lanes(op.src[1], tb);
  uint64_t* d = x.regs + static_cast<size_t>(op.dst[0]) * kWarpSize;
  for_lanes(mask, [&](unsigned l) { d[l] = compare<T>(kCmp, as<T>(a[l]), as<T>(b[l])); });
}

template <typename T>
void run_setp_int(Exec& x, const Op& op, uint32_t mask) {
  uint32_t cmp = op.flags & 0xf, how = (op.flags >> 4) & 3;
  bool negate_c = (op.flags >> 6) & 1;
  bool is_set = op.aux == 1;
  for_lanes(mask, [&](unsigned l) {
    bool r = compare(cmp, as<T>(x.src(op, 0, l)), as<T>(x.src(op, 1, l)));
    bool c = how ? (((x.src(op, 2, l) & 1) != 0) != negate_c) : false;
    bool p = combine(how, r, c), q = combine(how, !r, c);
    if (is_set) {
      uint64_t v = op.type2 == ScalarType::F32 ? (p ? 0x3f800000u : 0u) : (p ? ~uint64_t{0} : 0u);
      x.set(op.dst[0], l, v);
    } else {
      x.set(op.dst[0], l, p);
      if (op.dst.size() > 1) x.set(op.dst[1], l, q);
    }
  });
}
template <typename T, typename>
struct SetpInt {
  static void fn(Exec& x, const Op& op, uint32_t m) { run_setp_int<T>(x, op, m); }
};
// The common setp: one predicate, no .and/.or/.xor, registers or constants.
template <typename T>
Handler plain_setp(uint32_t cmp) {
  switch (cmp) {
    case Eq: return run_setp_plain<T, Eq>;
    case Ne: return run_setp_plain<T, Ne>;
    case Lt: return run_setp_plain<T, Lt>;
    case Le: return run_setp_plain<T, Le>;
    case Gt: return run_setp_plain<T, Gt>;
    default: return run_setp_plain<T, Ge>;
  }
}

void run_selp(Exec& x, const Op& op, uint32_t mask) {
  uint64_t ta[kWarpSize], tb[kWarpSize], tc[kWarpSize];
  const uint64_t* a = x.lanes(op.src[0], ta);
  const uint64_t* b = x.lanes(op.src[1], tb);
  const uint64_t* c = x.lanes(op.src[2], tc);
  uint64_t* d = x.regs + static_cast<size_t>(op.dst[0]) * kWarpSize;
  const uint64_t m = x.masks[op.dst[0]];
  for_lanes(mask, [&](unsigned l) { d[l] = ((c[l] & 1) ? a[l] : b[l]) & m; });
}

void run_slct(Exec& x, const Op& op, uint32_t mask) {
  bool float_c = op.type2 == ScalarType::F32;
  for_lanes(mask, [&](unsigned l) {
    uint64_t c = x.src(op, 2, l);
    bool pick_a;
    if (float_c) {
      uint32_t f = static_cast<uint32_t>(c);
      bool nan = (f & 0x7fffffff) > 0x7f800000;
      pick_a = !nan && (!(f >> 31) || (f & 0x7fffffff) == 0);  // c >= 0 (-0 counts as >= 0)
    } else {
      pick_a = static_cast<int32_t>(c) >= 0;
    }
    x.set(op.dst[0], l, pick_a ? x.src(op, 0, l) : x.src(op, 1, l));
  });
}

// ---- bit-field and byte operations ----
template <typename T>
void run_bfe(Exec& x, const Op& op, uint32_t mask) {
  constexpr unsigned W = 8 * sizeof(T);
  for_lanes(mask, [&](unsigned l) {
    uint64_t a = bits_of(as<T>(x.src(op, 0, l)));
    unsigned pos = static_cast<unsigned>(x.src(op, 1, l) & 0xff), len = static_cast<unsigned>(x.src(op, 2, l) & 0xff);
    uint64_t r = 0;
    bool sign = false;
    if (std::is_signed_v<T>) {
      unsigned msb = len == 0 ? 0 : std::min(pos + len - 1, W - 1);
      sign = len != 0 && ((a >> msb) & 1);
    }
    for (unsigned i = 0; i < W; ++i) {
      bool bit = (i < len && pos + i < W) ? ((a >> (pos + i)) & 1) : sign;
      r |= uint64_t{bit} << i;
    }
    x.set(op.dst[0], l, r);
  });
}

template <typename T>
void run_bfi(Exec& x, const Op& op, uint32_t mask) {
  constexpr unsigned W = 8 * sizeof(T);
  for_lanes(mask, [&](unsigned l) {
    uint64_t a = x.src(op, 0, l), b = bits_of(as<T>(x.src(op, 1, l)));
    unsigned pos = static_cast<unsigned>(x.src(op, 2, l) & 0xff), len = static_cast<unsigned>(x.src(op, 3, l) & 0xff);
    for (unsigned i = 0; i < len && pos + i < W; ++i) b = (b & ~(uint64_t{1} << (pos + i))) | (((a >> i) & 1) << (pos + i));
    x.set(op.dst[0], l, b);
  });
}

void run_prmt(Exec& x, const Op& op, uint32_t mask) {
  uint32_t mode = op.flags;  // 0 default, 1 f4e, 2 b4e, 3 rc8, 4 ecl, 5 ecr, 6 rc16
  for_lanes(mask, [&](unsigned l) {
    uint64_t ab = (x.src(op, 1, l) & 0xffffffffu) << 32 | (x.src(op, 0, l) & 0xffffffffu);
    uint32_t c = static_cast<uint32_t>(x.src(op, 2, l));
    auto byte = [&](unsigned i) { return static_cast<uint32_t>((ab >> (8 * (i & 7))) & 0xff); };
    uint32_t r = 0;
    if (mode == 0) {
      for (unsigned k = 0; k < 4; ++k) {
        uint32_t sel = (c >> (4 * k)) & 0xf, v = byte(sel & 7);
        if (sel & 8) v = (v & 0x80) ? 0xff : 0;  // replicate the sign bit
        r |= v << (8 * k);
      }
    } else {
      unsigned s = c & 3;
      unsigned idx[4];
      switch (mode) {
        case 1: for (unsigned k = 0; k < 4; ++k) idx[k] = (s + k) & 7; break;             // f4e
        case 2: for (unsigned k = 0; k < 4; ++k) idx[k] = (s + 8 - k) & 7; break;         // b4e
        case 3: for (unsigned k = 0; k < 4; ++k) idx[k] = s; break;                       // rc8
        case 4: for (unsigned k = 0; k < 4; ++k) idx[k] = k <= s ? k : s; break;         // ecl
        case 5: for (unsigned k = 0; k < 4; ++k) idx[k] = k >= s ? k : s; break;         // ecr
        default: for (unsigned k = 0; k < 4; ++k) idx[k] = ((c & 1) ? 2 : 0) + (k & 1); break;  // rc16
      }
      for (unsigned k = 0; k < 4; ++k) r |= byte(idx[k]) << (8 * k);
    }
    x.set(op.dst[0], l, r);
  });
}

void run_lop3(Exec& x, const Op& op, uint32_t mask) {
  for_lanes(mask, [&](unsigned l) {
    uint32_t a = static_cast<uint32_t>(x.src(op, 0, l)), b = static_cast<uint32_t>(x.src(op, 1, l)),
             c = static_cast<uint32_t>(x.src(op, 2, l)), lut = static_cast<uint32_t>(x.src(op, 3, l)) & 0xff;
    uint32_t r = 0;
    for (unsigned i = 0; i < 32; ++i) {
      unsigned k = (((a >> i) & 1) << 2) | (((b >> i) & 1) << 1) | ((c >> i) & 1);
      r |= ((lut >> k) & 1) << i;
    }
    x.set(op.dst[0], l, r);
  });
}

void run_shf(Exec& x, const Op& op, uint32_t mask) {
  bool left = op.flags & 1, clamp = op.flags & 2;
  for_lanes(mask, [&](unsigned l) {
    uint64_t a = x.src(op, 0, l) & 0xffffffffu, b = x.src(op, 1, l) & 0xffffffffu;
    uint32_t n = static_cast<uint32_t>(x.src(op, 2, l));
    n = clamp ? std::min(n, 32u) : (n & 31);
    uint64_t both = (b << 32) | a;
    uint32_t r = left ? static_cast<uint32_t>((both << n) >> 32) : static_cast<uint32_t>(both >> n);
    x.set(op.dst[0], l, r);
  });
}

void run_sad(Exec& x, const Op& op, uint32_t mask) {
  bool is_signed = ptx::is_signed_int(op.type);
  uint64_t m = type_mask(op.type);
  unsigned w = ptx::bit_width(op.type);
  for_lanes(mask, [&](unsigned l) {
    uint64_t a = x.src(op, 0, l) & m, b = x.src(op, 1, l) & m, c = x.src(op, 2, l);
    uint64_t d;
    if (is_signed) {
      int64_t sa = static_cast<int64_t>(a << (64 - w)) >> (64 - w), sb = static_cast<int64_t>(b << (64 - w)) >> (64 - w);
      d = sa > sb ? static_cast<uint64_t>(sa) - static_cast<uint64_t>(sb) : static_cast<uint64_t>(sb) - static_cast<uint64_t>(sa);
    } else {
      d = a > b ? a - b : b - a;
    }
    x.set(op.dst[0], l, (c + d) & m);
  });
}

// dp4a / dp2a: flags bit0 a signed, bit1 b signed, bit2 hi (dp2a), aux 4 or 2
void run_dp(Exec& x, const Op& op, uint32_t mask) {
  bool as_signed = op.flags & 1, bs_signed = op.flags & 2, hi = op.flags & 4;
  for_lanes(mask, [&](unsigned l) {
    uint32_t a = static_cast<uint32_t>(x.src(op, 0, l)), b = static_cast<uint32_t>(x.src(op, 1, l));
    int64_t acc = as_signed || bs_signed ? static_cast<int32_t>(x.src(op, 2, l)) : static_cast<int64_t>(static_cast<uint32_t>(x.src(op, 2, l)));
    if (op.aux == 4) {
      for (unsigned i = 0; i < 4; ++i) {
        int64_t ai = as_signed ? static_cast<int8_t>(a >> (8 * i)) : static_cast<int64_t>((a >> (8 * i)) & 0xff);
        int64_t bi = bs_signed ? static_cast<int8_t>(b >> (8 * i)) : static_cast<int64_t>((b >> (8 * i)) & 0xff);
        acc += ai * bi;
      }
    } else {
      for (unsigned i = 0; i < 2; ++i) {
        int64_t ai = as_signed ? static_cast<int16_t>(a >> (16 * i)) : static_cast<int64_t>((a >> (16 * i)) & 0xffff);
        unsigned byte = (hi ? 2 : 0) + i;
        int64_t bi = bs_signed ? static_cast<int8_t>(b >> (8 * byte)) : static_cast<int64_t>((b >> (8 * byte)) & 0xff);
        acc += ai * bi;
      }
    }
    x.set(op.dst[0], l, static_cast<uint32_t>(acc));
  });
}

void run_fns(Exec& x, const Op& op, uint32_t mask) {
  for_lanes(mask, [&](unsigned l) {
    uint32_t m = static_cast<uint32_t>(x.src(op, 0, l)), base = static_cast<uint32_t>(x.src(op, 1, l)) & 31;
    int32_t offset = static_cast<int32_t>(x.src(op, 2, l));
    uint32_t result = 0xffffffffu;
    if (offset == 0) {
      result = base;
    } else if (offset > 0) {
      int count = 0;
      for (uint32_t i = base; i < 32; ++i)
        if ((m >> i) & 1 && ++count == offset) { result = i; break; }
    } else {
      int count = 0;
      for (int i = static_cast<int>(base); i >= 0; --i)
        if ((m >> i) & 1 && --count == offset) { result = static_cast<uint32_t>(i); break; }
    }
    x.set(op.dst[0], l, result);
  });
}

// szext.{clamp,wrap}.{u32,s32}: sign/zero-extend the low b bits of a
void run_szext(Exec& x, const Op& op, uint32_t mask) {
  bool clamp = op.flags & 1, is_signed = op.flags & 2;
  for_lanes(mask, [&](unsigned l) {
    uint32_t a = static_cast<uint32_t>(x.src(op, 0, l)), b = static_cast<uint32_t>(x.src(op, 1, l));
    b = clamp ? std::min(b, 32u) : (b & 31);
    uint32_t r = b == 0 ? 0 : (b >= 32 ? a : (a & ((1u << b) - 1)));
    if (is_signed && b > 0 && b < 32 && ((r >> (b - 1)) & 1)) r |= ~((1u << b) - 1);
    x.set(op.dst[0], l, r);
  });
}

void run_bmsk(Exec& x, const Op& op, uint32_t mask) {
  bool clamp = op.flags & 1;
  for_lanes(mask, [&](unsigned l) {
    uint32_t a = static_cast<uint32_t>(x.src(op, 0, l)), b = static_cast<uint32_t>(x.src(op, 1, l));
    if (clamp) a = std::min(a, 32u), b = std::min(b, 32u);
    else a &= 31, b &= 31;
    uint64_t m = b >= 32 ? ~uint64_t{0} : (uint64_t{1} << b) - 1;
    x.set(op.dst[0], l, static_cast<uint32_t>(a >= 32 ? 0 : (m << a)));
  });
}

}  // namespace

bool decode_integer(Decoder& d, const ptx::Instruction& ins, Op& op) {
  ScalarType t = op.type;
  auto operands = [&](size_t nsrc) {
    d.slots(ins.operands.at(0), t, op.dst);
    for (size_t i = 1; i <= nsrc; ++i) {
      const ptx::Operand& o = ins.operands.at(i);
      op.src.push_back(d.slot(o, t));
      if (o.kind == ptx::Operand::Kind::Sum) {
        op.src_add.resize(nsrc, 0);
        op.src_add[i - 1] = o.value;
      }
    }
  };
  switch (ins.op) {
    case Opcode::Add:
    case Opcode::Sub:
    case Opcode::Addc:
    case Opcode::Subc: {
      if (!is_int_type(t) || t == ScalarType::Pred) return false;
      op.aux = (ins.op == Opcode::Sub || ins.op == Opcode::Subc) ? 1 : 0;
      if (ins.has("sat")) op.flags |= kSat;
      if (ins.has("cc")) op.flags |= kCarryOut;
      if (ins.op == Opcode::Addc || ins.op == Opcode::Subc) op.flags |= kCarryIn;
      operands(2);
      if (op.flags == 0)
        op.run = op.aux == 0 ? pick<Binary, Plus>(t) : pick<Binary, Minus>(t);
      else
        op.run = pick<AddSub, void>(t);
      return op.run != nullptr;
    }
    case Opcode::Mul:
    case Opcode::Mad:
    case Opcode::Madc:
    case Opcode::Mul24:
    case Opcode::Mad24: {
      if (!is_int_type(t)) return false;
      op.aux = ins.op == Opcode::Mul ? 0 : (ins.op == Opcode::Mad || ins.op == Opcode::Madc) ? 1 : ins.op == Opcode::Mul24 ? 2 : 3;
      op.flags = ins.has("hi") ? kHi : ins.has("wide") ? kWide : kLo;
      if (ins.has("sat")) op.flags |= kSat;
      if (ins.has("cc")) op.flags |= kCarryOut;
      if (ins.op == Opcode::Madc) op.flags |= kCarryIn;
      operands(op.aux == 1 || op.aux == 3 ? 3 : 2);
      if (op.flags == kLo && op.aux == 0 && op.src_add.empty())
        op.run = pick<Binary, MulLo>(t);
      else if (op.flags == kLo && op.aux == 1 && op.src_add.empty())
        op.run = pick<MadLo, void>(t);
      else
        op.run = pick<Mul, void>(t);
      return op.run != nullptr;
    }
    case Opcode::Div:
      if (ptx::is_float(t) || !is_int_type(t)) return false;
      operands(2);
      op.run = pick<Binary, Div>(t);
      return op.run != nullptr;
    case Opcode::Rem:
      operands(2);
      op.run = pick<Binary, Rem>(t);
      return op.run != nullptr;
    case Opcode::Min:
    case Opcode::Max:
      if (ptx::is_float(t) || !is_int_type(t) || ins.operands.size() != 3) return false;
      op.flags = ins.has("relu");
      operands(2);
      op.run = ins.op == Opcode::Min ? pick<Binary, Min>(t) : pick<Binary, Max>(t);
      return op.run != nullptr;
    case Opcode::And: operands(2); op.run = pick<Binary, And>(t); return op.run != nullptr;
    case Opcode::Or: operands(2); op.run = pick<Binary, Or>(t); return op.run != nullptr;
    case Opcode::Xor: operands(2); op.run = pick<Binary, Xor>(t); return op.run != nullptr;
    case Opcode::Shl: operands(2); op.run = pick<Binary, Shl>(t); return op.run != nullptr;
    case Opcode::Shr: operands(2); op.run = pick<Binary, Shr>(t); return op.run != nullptr;
    case Opcode::Abs: if (ptx::is_float(t)) return false; operands(1); op.run = pick<Unary, Abs>(t); return op.run != nullptr;
    case Opcode::Neg: if (ptx::is_float(t)) return false; operands(1); op.run = pick<Unary, Neg>(t); return op.run != nullptr;
    case Opcode::Not: operands(1); op.run = pick<Unary, Not>(t); return op.run != nullptr;
    case Opcode::Cnot: operands(1); op.run = pick<Unary, Cnot>(t); return op.run != nullptr;
    case Opcode::Popc: operands(1); op.run = pick<Unary, Popc>(t); return op.run != nullptr;
    case Opcode::Clz: operands(1); op.run = pick<Unary, Clz>(t); return op.run != nullptr;
    case Opcode::Brev: operands(1); op.run = pick<Unary, Brev>(t); return op.run != nullptr;
    case Opcode::Bfind: op.flags = ins.has("shiftamt"); operands(1); op.run = pick<Unary, Bfind>(t); return op.run != nullptr;
    case Opcode::Bfe:
      operands(3);
      switch (t) {
        case ScalarType::U32: op.run = run_bfe<uint32_t>; break;
        case ScalarType::S32: op.run = run_bfe<int32_t>; break;
        case ScalarType::U64: op.run = run_bfe<uint64_t>; break;
        case ScalarType::S64: op.run = run_bfe<int64_t>; break;
        default: return false;
      }
      return true;
    case Opcode::Bfi:
      operands(4);
      op.run = t == ScalarType::B64 ? run_bfi<uint64_t> : run_bfi<uint32_t>;
      return true;
    case Opcode::Prmt: {
      operands(3);
      static constexpr std::string_view kModes[] = {"", "f4e", "b4e", "rc8", "ecl", "ecr", "rc16"};
      for (uint32_t m = 1; m < 7; ++m)
        if (ins.has(kModes[m])) op.flags = m;
      op.run = run_prmt;
      return true;
    }
    case Opcode::Lop3:
      if (ins.operands.size() != 5) return false;  // the predicate-output form is not supported
      operands(4);
      op.run = run_lop3;
      return true;
    case Opcode::Shf:
      operands(3);
      op.flags = (ins.has("l") ? 1u : 0u) | (ins.has("clamp") ? 2u : 0u);
      op.run = run_shf;
      return true;
    case Opcode::Sad: operands(3); op.run = run_sad; return true;
    case Opcode::Dp4a:
    case Opcode::Dp2a: {
      // dp4a.atype.btype d, a, b, c; dp2a.lo|hi.atype.btype
      std::vector<ScalarType> types;
      for (auto m : ins.modifiers)
        if (auto ty = ptx::parse_scalar_type(m)) types.push_back(*ty);
      if (types.size() != 2) return false;
      op.flags = (ptx::is_signed_int(types[0]) ? 1u : 0u) | (ptx::is_signed_int(types[1]) ? 2u : 0u) |
                 (ins.has("hi") ? 4u : 0u);
      op.aux = ins.op == Opcode::Dp4a ? 4 : 2;
      t = ScalarType::U32;
      operands(3);
      op.run = run_dp;
      return true;
    }
    case Opcode::Fns: t = ScalarType::U32; operands(3); op.run = run_fns; return true;
    case Opcode::Szext: op.flags = (ins.has("clamp") ? 1u : 0u) | (t == ScalarType::S32 ? 2u : 0u); operands(2); op.run = run_szext; return true;
    case Opcode::Bmsk: op.flags = ins.has("clamp"); operands(2); op.run = run_bmsk; return true;
    case Opcode::Selp: operands(3); op.run = run_selp; return true;
    case Opcode::Slct: {
      std::vector<ScalarType> types;
      for (auto m : ins.modifiers)
        if (auto ty = ptx::parse_scalar_type(m)) types.push_back(*ty);
      if (types.size() != 2) return false;
      op.type = t = types[0];
      op.type2 = types[1];
      d.slots(ins.operands.at(0), t, op.dst);
      op.src.push_back(d.slot(ins.operands.at(1), t));
      op.src.push_back(d.slot(ins.operands.at(2), t));
      op.src.push_back(d.slot(ins.operands.at(3), types[1]));
      op.run = run_slct;
      return true;
    }
    case Opcode::Setp:
    case Opcode::Set: {
      // setp.cmp[.bool].type p[|q], a, b[, {!}c]; set.cmp[.bool].dtype.stype d, a, b[, {!}c]
      std::vector<ScalarType> types;
      for (auto m : ins.modifiers)
        if (auto ty = ptx::parse_scalar_type(m)) types.push_back(*ty);
      if (types.empty()) return false;
      ScalarType ct = types.back();
      if (ptx::is_float(ct)) return false;
      op.type = ct;
      if (ins.op == Opcode::Set) {
        if (types.size() != 2) return false;
        op.type2 = types[0];
        op.aux = 1;
      }
      uint32_t cmp = compare_code(ins);
      if (cmp == 0xff) return false;
      uint32_t how = bool_code(ins);
      op.flags = cmp | (how << 4);
      d.slots(ins.operands.at(0), ins.op == Opcode::Set ? types[0] : ScalarType::Pred, op.dst);
      op.src.push_back(d.slot(ins.operands.at(1), ct));
      op.src.push_back(d.slot(ins.operands.at(2), ct));
      if (how) {
        const ptx::Operand& c = ins.operands.at(3);
        op.src.push_back(d.slot(c, ScalarType::Pred));
        if (c.negated) op.flags |= 1u << 6;
      }
      bool is_signed = ptx::is_signed_int(ct);
      bool unsigned_cmp = ins.has("lo") || ins.has("ls") || ins.has("hi") || ins.has("hs");
      if (unsigned_cmp) is_signed = false;
      unsigned w = ptx::bit_width(ct);
      if (ct == ScalarType::Pred) w = 8;
      if (!how && ins.op == Opcode::Setp && op.dst.size() == 1 && (w == 32 || w == 64)) {
        op.run = w == 32 ? (is_signed ? plain_setp<int32_t>(cmp) : plain_setp<uint32_t>(cmp))
                         : (is_signed ? plain_setp<int64_t>(cmp) : plain_setp<uint64_t>(cmp));
        return true;
      }
      switch (w) {
        case 8: op.run = is_signed ? SetpInt<int8_t, void>::fn : SetpInt<uint8_t, void>::fn; break;
        case 16: op.run = is_signed ? SetpInt<int16_t, void>::fn : SetpInt<uint16_t, void>::fn; break;
        case 32: op.run = is_signed ? SetpInt<int32_t, void>::fn : SetpInt<uint32_t, void>::fn; break;
        case 64: op.run = is_signed ? SetpInt<int64_t, void>::fn : SetpInt<uint64_t, void>::fn; break;
        default: return false;
      }
      return true;
    }
    default: return false;
  }
}

}  // namespace warpsat::simt
