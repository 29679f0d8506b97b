// Tensor-core instructions in the SIMT emulator: ldmatrix, stmatrix,
// movmatrix and mma.sync, run as small PTX kernels and checked against
// results computed here on the host from plain matrices.
//
// The fragment layouts below are transcribed from the PTX ISA (9.7.14.5,
// "Matrix Fragments for mma.mMnNkK" and the ldmatrix figure) for this test,
// apart from the emulator's tables; the "ldmatrix feeds mma" cases need no
// layout at all on the host (the kernel moves whole matrices in and out),
// so they check the emulator's ldmatrix, mma and stmatrix layouts against
// each other the way CUTLASS-style kernels use them.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "emulator/fp/format.h"
#include "emulator/fp/half.h"
#include "emulator/simt/emulator.h"
#include "frontend/ptx/parser.h"

using namespace warpsat;

namespace {

// Runs kernel `k(.param .u64 in, .param .u64 out)` with one block of
// `threads` threads and returns the output buffer as 32-bit words.
std::vector<uint32_t> run(const std::string& ptx, const std::vector<uint32_t>& in, size_t out_words,
                          uint32_t threads = 32) {
  ptx::Module m = ptx::parse_module(ptx, "tensor_test.ptx");
  simt::Launch l;
  l.kernel = "k";
  l.block[0] = threads;
  simt::KernelArgument a = simt::KernelArgument::buffer({}, "in");
  a.bytes.resize(std::max<size_t>(in.size(), 1) * 4);
  if (!in.empty()) std::memcpy(a.bytes.data(), in.data(), in.size() * 4);
  simt::KernelArgument b = simt::KernelArgument::buffer(std::vector<uint8_t>(out_words * 4, 0), "out");
  l.args = {a, b};
  simt::RunResult r = simt::run_kernel(m, l);
  std::vector<uint32_t> out(out_words);
  std::memcpy(out.data(), r.buffers[1].data(), out_words * 4);
  return out;
}

// The message of the EmulationError a kernel stops with ("" if it does not).
std::string run_error(const std::string& ptx, uint32_t threads = 32) {
  try {
    run(ptx, {0}, 64, threads);
  } catch (const simt::EmulationError& e) {
    return e.message();
  }
  return "";
}

const char* kHeader = ".version 8.0\n.target sm_90\n.address_size 64\n";

struct Lcg {
  uint64_t s = 0x2545f4914f6cdd1dull;
  uint32_t next() {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<uint32_t>(s >> 33);
  }
  int range(int lo, int hi) { return lo + static_cast<int>(next() % static_cast<uint32_t>(hi - lo + 1)); }
};

// ---- ldmatrix / stmatrix / movmatrix ----

// 32 slots of 16 bytes in shared memory; matrix m's row r lives in slot
// (7 * (8m + r)) % 32, so rows are neither contiguous nor in order. Slot s
// holds the u16 values 1000 + 8s + c, c = 0..7.
uint16_t slot_value(unsigned slot, unsigned c) { return static_cast<uint16_t>(1000 + 8 * slot + c); }
unsigned slot_of(unsigned m, unsigned r) { return (7 * (8 * m + r)) % 32; }

std::string ldmatrix_kernel(const std::string& shape_modifiers, unsigned count) {
  std::string regs, stores;
  for (unsigned i = 0; i < count; ++i) {
    regs += fmt::format("{}d{}", i ? ", " : "", i);
    stores += fmt::format("  st.global.b32 [pout+{}], d{};\n", 4 * i, i);
  }
  return std::string(kHeader) + fmt::format(R"(
.shared .align 16 .b16 smem[256];
.visible .entry k(.param .u64 in, .param .u64 out) {{
  .reg .b32 d<4>, v<4>, tid, slot, addr;
  .reg .u64 pin, pout, off;
  .reg .pred high;
  ld.param.u64 pin, [in];
  ld.param.u64 pout, [out];
  mov.u32 tid, %tid.x;
  // fill: thread t copies slot t (16 bytes) from the input
  mul.wide.u32 off, tid, 16;
  add.u64 pin, pin, off;
  ld.global.v4.b32 {{v0, v1, v2, v3}}, [pin];
  mov.u32 addr, smem;
  mad.lo.u32 addr, tid, 16, addr;
  st.shared.v4.b32 [addr], {{v0, v1, v2, v3}};
  bar.sync 0;
  // lane L = 8m + r gives the address of slot (7 L) % 32
  mul.lo.u32 slot, tid, 7;
  and.b32 slot, slot, 31;
  mov.u32 addr, smem;
  mad.lo.u32 addr, slot, 16, addr;
  // lanes whose address is unused give a misaligned, out-of-range one
  setp.ge.u32 high, tid, {};
  @high mov.u32 addr, 0x7ffffff1;
  ldmatrix.sync.aligned.m8n8.x{}{}.b16 {{{}}}, [addr];
  mul.wide.u32 off, tid, {};
  add.u64 pout, pout, off;
{}  ret;
}}
)",
                                             8 * count, count, shape_modifiers, regs, 4 * count, stores);
}

std::vector<uint32_t> slots_input() {
  std::vector<uint32_t> in(32 * 4);
  for (unsigned s = 0; s < 32; ++s)
    for (unsigned c = 0; c < 8; c += 2) in[s * 4 + c / 2] = slot_value(s, c) | (uint32_t{slot_value(s, c + 1)} << 16);
  return in;
}

// ldmatrix figure: lane l holds row l/4, columns 2(l%4) and 2(l%4)+1 (low
// half first); .trans holds the transposed matrix in the same way.
uint32_t expected_ldmatrix(unsigned m, unsigned lane, bool trans) {
  unsigned g = lane / 4, c0 = 2 * (lane % 4);
  auto M = [&](unsigned r, unsigned c) { return slot_value(slot_of(m, r), c); };  // the matrix in memory
  uint16_t lo = trans ? M(c0, g) : M(g, c0), hi = trans ? M(c0 + 1, g) : M(g, c0 + 1);
  return lo | (uint32_t{hi} << 16);
}

// ---- mma ----

enum class Ty { f16, bf16, tf32, f32, s8, u8, s32, e4m3, e5m2 };

unsigned bits_of(Ty t) {
  switch (t) {
    case Ty::f16:
    case Ty::bf16: return 16;
    case Ty::s8:
    case Ty::u8:
    case Ty::e4m3:
    case Ty::e5m2: return 8;
    default: return 32;
  }
}
const char* name_of(Ty t) {
  static const char* names[] = {"f16", "bf16", "tf32", "f32", "s8", "u8", "s32", "e4m3", "e5m2"};
  return names[static_cast<int>(t)];
}
bool is_int(Ty t) { return t == Ty::s8 || t == Ty::u8 || t == Ty::s32; }

// A value that is exact in t (the inputs are chosen so that every product
// and sum is exact too), as bits. tf32 gets random junk in its 13 low bits,
// which mma must ignore.
uint32_t encode(Ty t, double v, Lcg& rng) {
  switch (t) {
    case Ty::f16: return fp::f32_to_f16(fp::bits_f32(static_cast<float>(v)), fp::Rounding::rz);
    case Ty::bf16: return fp::f32_to_bf16(fp::bits_f32(static_cast<float>(v)), fp::Rounding::rz);
    case Ty::tf32: return fp::bits_f32(static_cast<float>(v)) | (rng.next() & 0x1fff);
    case Ty::f32: return fp::bits_f32(static_cast<float>(v));
    case Ty::s8: return static_cast<uint8_t>(static_cast<int8_t>(v));
    case Ty::u8: return static_cast<uint8_t>(v);
    case Ty::s32: return static_cast<uint32_t>(static_cast<int32_t>(static_cast<int64_t>(v)));
    case Ty::e4m3: return fp::f32_to_fp8(fp::Fp8::e4m3, fp::bits_f32(static_cast<float>(v)));
    case Ty::e5m2: return fp::f32_to_fp8(fp::Fp8::e5m2, fp::bits_f32(static_cast<float>(v)));
  }
  return 0;
}

double random_value(Ty t, Lcg& rng) {
  switch (t) {
    case Ty::s8: return rng.range(-128, 127);
    case Ty::u8: return rng.range(0, 255);
    case Ty::s32: return rng.range(-100000, 100000);
    case Ty::f32: return rng.range(-64, 64) * 0.25;
    default: return rng.range(-4, 4) * 0.5;  // exact in every narrow format, e5m2 included
  }
}

struct Pos {
  unsigned row, col;
};
using Layout = std::function<Pos(unsigned lane, unsigned i)>;

struct MmaCase {
  std::string shape;  // "m16n8k16"
  unsigned m = 0, n = 0, k = 0;
  std::string layouts = "row.col";
  Ty d = Ty::f32, a = Ty::f16, b = Ty::f16, c = Ty::f32;
  bool satfinite = false;
  unsigned groups = 1;  // m8n8k4: 4 MMAs per warp
  Layout la, lb, lc, ld;
};

MmaCase make_case(std::string shape, unsigned m, unsigned n, unsigned k, std::string layouts, Ty d, Ty a, Ty b,
                  Ty c) {
  MmaCase t;
  t.shape = std::move(shape);
  t.m = m, t.n = n, t.k = k;
  t.layouts = std::move(layouts);
  t.d = d, t.a = a, t.b = b, t.c = c;
  return t;
}

std::string mma_text(const MmaCase& t) {
  return fmt::format("mma.sync.aligned.{}.{}{}.{}.{}.{}.{}", t.shape, t.layouts, t.satfinite ? ".satfinite" : "",
                     name_of(t.d), name_of(t.a), name_of(t.b), name_of(t.c));
}

unsigned per_lane(const MmaCase& t, unsigned rows, unsigned cols) { return t.groups * rows * cols / 32; }
unsigned regs(unsigned elements, Ty ty) { return elements * bits_of(ty) / 32; }
unsigned group_of(const MmaCase& t, unsigned lane) { return t.groups == 4 ? (lane >> 2) & 3 : 0; }

// Runs one mma with random A, B, C and checks every element of D.
void check_mma(const MmaCase& t, uint64_t seed, std::function<void(std::vector<double>&, std::vector<double>&,
                                                                    std::vector<double>&)> adjust = nullptr) {
  CAPTURE(mma_text(t));
  Lcg rng;
  rng.s ^= seed;
  const unsigned ea = per_lane(t, t.m, t.k), eb = per_lane(t, t.k, t.n), ec = per_lane(t, t.m, t.n);
  const unsigned na = regs(ea, t.a), nb = regs(eb, t.b), nc = regs(ec, t.c), nd = regs(ec, t.d);
  const unsigned stride = na + nb + nc;
  // Matrices per group, row-major.
  std::vector<double> A(t.groups * t.m * t.k), B(t.groups * t.k * t.n), C(t.groups * t.m * t.n);
  for (double& v : A) v = random_value(t.a, rng);
  for (double& v : B) v = random_value(t.b, rng);
  for (double& v : C) v = random_value(t.c, rng);
  if (adjust) adjust(A, B, C);
  std::vector<uint32_t> in(32 * stride, 0);
  auto pack = [&](unsigned lane, unsigned first, unsigned i, Ty ty, uint32_t bits) {
    unsigned bit = i * bits_of(ty);
    in[lane * stride + first + bit / 32] |= bits << (bit % 32);
  };
  for (unsigned l = 0; l < 32; ++l) {
    unsigned g = group_of(t, l);
    for (unsigned i = 0; i < ea; ++i) {
      Pos p = t.la(l, i);
      pack(l, 0, i, t.a, encode(t.a, A[(g * t.m + p.row) * t.k + p.col], rng));
    }
    for (unsigned i = 0; i < eb; ++i) {
      Pos p = t.lb(l, i);
      pack(l, na, i, t.b, encode(t.b, B[(g * t.k + p.row) * t.n + p.col], rng));
    }
    for (unsigned i = 0; i < ec; ++i) {
      Pos p = t.lc(l, i);
      pack(l, na + nb, i, t.c, encode(t.c, C[(g * t.m + p.row) * t.n + p.col], rng));
    }
  }
  auto list = [](char name, unsigned n) {
    std::string s;
    for (unsigned i = 0; i < n; ++i) s += fmt::format("{}{}{}", i ? ", " : "", name, i);
    return s;
  };
  std::string loads, stores;
  for (unsigned j = 0; j < stride; ++j) {
    std::string reg = j < na ? fmt::format("a{}", j) : j < na + nb ? fmt::format("b{}", j - na)
                                                                   : fmt::format("c{}", j - na - nb);
    loads += fmt::format("  ld.global.b32 {}, [pin+{}];\n", reg, 4 * j);
  }
  for (unsigned j = 0; j < nd; ++j) stores += fmt::format("  st.global.b32 [pout+{}], d{};\n", 4 * j, j);
  std::string ptx = std::string(kHeader) + fmt::format(R"(
.visible .entry k(.param .u64 in, .param .u64 out) {{
  .reg .b32 a<{}>, b<{}>, c<{}>, d<{}>, tid;
  .reg .u64 pin, pout, off;
  ld.param.u64 pin, [in];
  ld.param.u64 pout, [out];
  mov.u32 tid, %tid.x;
  mul.wide.u32 off, tid, {};
  add.u64 pin, pin, off;
{}  {} {{{}}}, {{{}}}, {{{}}}, {{{}}};
  mul.wide.u32 off, tid, {};
  add.u64 pout, pout, off;
{}  ret;
}}
)",
                                                       na, nb, nc, nd, 4 * stride, loads, mma_text(t), list('d', nd),
                                                       list('a', na), list('b', nb), list('c', nc), 4 * nd, stores);
  std::vector<uint32_t> out = run(ptx, in, 32 * nd);
  unsigned checked = 0;
  for (unsigned l = 0; l < 32; ++l) {
    unsigned g = group_of(t, l);
    for (unsigned i = 0; i < ec; ++i) {
      Pos p = t.ld(l, i);
      double exact = C[(g * t.m + p.row) * t.n + p.col];
      for (unsigned kk = 0; kk < t.k; ++kk)
        exact += A[(g * t.m + p.row) * t.k + kk] * B[(g * t.k + kk) * t.n + p.col];
      uint32_t want;
      if (is_int(t.d)) {
        if (t.satfinite) exact = std::fmin(std::fmax(exact, -2147483648.0), 2147483647.0);
        want = static_cast<uint32_t>(static_cast<int64_t>(exact));  // wraps modulo 2^32
      } else {
        want = encode(t.d, exact, rng);
      }
      unsigned bit = i * bits_of(t.d);
      uint32_t got = (out[l * nd + bit / 32] >> (bit % 32)) & (bits_of(t.d) == 32 ? ~0u : (1u << bits_of(t.d)) - 1);
      CAPTURE(l);
      CAPTURE(i);
      CAPTURE(g);
      CAPTURE(p.row);
      CAPTURE(p.col);
      CHECK(got == want);
      ++checked;
    }
  }
  CHECK(checked == t.groups * t.m * t.n);
}

// PTX ISA 9.7.14.5: groupID = lane >> 2, threadID_in_group = lane % 4.
unsigned G(unsigned lane) { return lane >> 2; }
unsigned T(unsigned lane) { return lane % 4; }

// Accumulators of every m16n8 shape: "row = groupID for c0 and c1, groupID + 8 for c2 and c3;
// col = threadID_in_group * 2 + (i & 0x1)".
Pos c_m16n8(unsigned l, unsigned i) { return {i < 2 ? G(l) : G(l) + 8, T(l) * 2 + (i & 1)}; }

MmaCase m16n8k16_half(Ty d, Ty ab, Ty c) {
  MmaCase t = make_case("m16n8k16", 16, 8, 16, "row.col", d, ab, ab, c);
  // "row = groupID for ai where 0 <= i < 2 || 4 <= i < 6, groupID + 8 otherwise;
  //  col = threadID_in_group * 2 + (i & 0x1) for i < 4, ... + 8 for i >= 4"
  t.la = [](unsigned l, unsigned i) {
    return Pos{(i < 2 || (i >= 4 && i < 6)) ? G(l) : G(l) + 8, T(l) * 2 + (i & 1) + (i >= 4 ? 8 : 0)};
  };
  // "row = threadID_in_group * 2 + (i & 0x1) for bi where i < 2, ... + 8 for i >= 2; col = groupID"
  t.lb = [](unsigned l, unsigned i) { return Pos{T(l) * 2 + (i & 1) + (i >= 2 ? 8 : 0), G(l)}; };
  t.lc = t.ld = c_m16n8;
  return t;
}

MmaCase m16n8k8_half(Ty d, Ty ab, Ty c) {
  MmaCase t = make_case("m16n8k8", 16, 8, 8, "row.col", d, ab, ab, c);
  t.la = [](unsigned l, unsigned i) { return Pos{i < 2 ? G(l) : G(l) + 8, T(l) * 2 + (i & 1)}; };
  t.lb = [](unsigned l, unsigned i) { return Pos{T(l) * 2 + i, G(l)}; };
  t.lc = t.ld = c_m16n8;
  return t;
}

MmaCase m16n8k8_tf32() {
  MmaCase t = make_case("m16n8k8", 16, 8, 8, "row.col", Ty::f32, Ty::tf32, Ty::tf32, Ty::f32);
  // "row = groupID for a0 and a2, groupID + 8 for a1 and a3; col = threadID_in_group for a0 and a1, + 4 for a2 and a3"
  t.la = [](unsigned l, unsigned i) { return Pos{(i == 0 || i == 2) ? G(l) : G(l) + 8, i < 2 ? T(l) : T(l) + 4}; };
  t.lb = [](unsigned l, unsigned i) { return Pos{i == 0 ? T(l) : T(l) + 4, G(l)}; };
  t.lc = t.ld = c_m16n8;
  return t;
}

MmaCase m16n8k4_tf32() {
  MmaCase t = make_case("m16n8k4", 16, 8, 4, "row.col", Ty::f32, Ty::tf32, Ty::tf32, Ty::f32);
  t.la = [](unsigned l, unsigned i) { return Pos{i == 0 ? G(l) : G(l) + 8, T(l)}; };
  t.lb = [](unsigned l, unsigned) { return Pos{T(l), G(l)}; };
  t.lc = t.ld = c_m16n8;
  return t;
}

MmaCase m16n8k32_8bit(Ty d, Ty a, Ty b, Ty c) {
  MmaCase t = make_case("m16n8k32", 16, 8, 32, "row.col", d, a, b, c);
  // "row = groupID for ai where 0 <= i < 4 || 8 <= i < 12, groupID + 8 otherwise;
  //  col = threadID_in_group * 4 + (i & 0x3) for i < 8, ... + 16 for i >= 8"
  t.la = [](unsigned l, unsigned i) {
    return Pos{(i < 4 || (i >= 8 && i < 12)) ? G(l) : G(l) + 8, T(l) * 4 + (i & 3) + (i >= 8 ? 16 : 0)};
  };
  t.lb = [](unsigned l, unsigned i) { return Pos{T(l) * 4 + (i & 3) + (i >= 4 ? 16 : 0), G(l)}; };
  t.lc = t.ld = c_m16n8;
  return t;
}

MmaCase m16n8k16_8bit(Ty a, Ty b) {
  MmaCase t = make_case("m16n8k16", 16, 8, 16, "row.col", Ty::s32, a, b, Ty::s32);
  t.la = [](unsigned l, unsigned i) { return Pos{i < 4 ? G(l) : G(l) + 8, T(l) * 4 + (i & 3)}; };
  t.lb = [](unsigned l, unsigned i) { return Pos{T(l) * 4 + i, G(l)}; };
  t.lc = t.ld = c_m16n8;
  return t;
}

MmaCase m8n8k16_8bit(Ty a, Ty b) {
  MmaCase t = make_case("m8n8k16", 8, 8, 16, "row.col", Ty::s32, a, b, Ty::s32);
  t.la = [](unsigned l, unsigned i) { return Pos{G(l), T(l) * 4 + i}; };
  t.lb = [](unsigned l, unsigned i) { return Pos{T(l) * 4 + i, G(l)}; };
  t.lc = t.ld = [](unsigned l, unsigned i) { return Pos{G(l), T(l) * 2 + i}; };
  return t;
}

// m8n8k4 (9.7.14.5.1): four MMAs; in each, the low quad (lanes 4q..4q+3)
// holds rows 0-3 of A and C and columns 0-3 of B, the high quad
// (4q+16..4q+19) rows/columns 4-7.
MmaCase m8n8k4(bool a_row, bool b_row, Ty d, Ty c) {
  MmaCase t = make_case("m8n8k4", 8, 8, 4, std::string(a_row ? "row" : "col") + "." + (b_row ? "row" : "col"), d, Ty::f16,
            Ty::f16, c);
  t.groups = 4;
  auto hi = [](unsigned l) { return l < 16 ? 0u : 4u; };
  if (a_row) t.la = [hi](unsigned l, unsigned i) { return Pos{l % 4 + hi(l), i}; };
  else t.la = [hi](unsigned l, unsigned i) { return Pos{i % 4 + hi(l), l % 4}; };
  if (b_row) t.lb = [hi](unsigned l, unsigned i) { return Pos{l % 4, i + hi(l)}; };
  else t.lb = [hi](unsigned l, unsigned i) { return Pos{i, l % 4 + hi(l)}; };
  auto f16_layout = [hi](unsigned l, unsigned i) { return Pos{l % 4 + hi(l), i}; };
  // .f32: "row = X (+4 for lanes >= 16), X = (%laneid & 0b1) + (i & 0b10);
  //        col = (i & 0b100) + (%laneid & 0b10) + (i & 0b1)"
  auto f32_layout = [hi](unsigned l, unsigned i) { return Pos{(l & 1) + (i & 2) + hi(l), (i & 4) + (l & 2) + (i & 1)}; };
  t.lc = c == Ty::f16 ? Layout(f16_layout) : Layout(f32_layout);
  t.ld = d == Ty::f16 ? Layout(f16_layout) : Layout(f32_layout);
  return t;
}

}  // namespace

TEST_CASE("tensor ldmatrix: .x1/.x2/.x4, with and without .trans, take row addresses from lanes 8m+r") {
  std::vector<uint32_t> in = slots_input();
  for (unsigned count : {1u, 2u, 4u})
    for (bool trans : {false, true}) {
      CAPTURE(count);
      CAPTURE(trans);
      std::vector<uint32_t> out = run(ldmatrix_kernel(trans ? ".trans.shared::cta" : ".shared", count), in, 32 * count);
      for (unsigned l = 0; l < 32; ++l)
        for (unsigned m = 0; m < count; ++m) {
          CAPTURE(l);
          CAPTURE(m);
          CHECK(out[l * count + m] == expected_ldmatrix(m, l, trans));
        }
    }
}

TEST_CASE("tensor stmatrix and movmatrix: the inverse and the transpose of the ldmatrix layout") {
  // Lane l's register m holds the two elements 64m + 2l and 64m + 2l + 1, so
  // element (r, c) of matrix m is 64m + 8r + c.
  for (bool trans : {false, true}) {
    CAPTURE(trans);
    std::string ptx = std::string(kHeader) + fmt::format(R"(
.shared .align 16 .b16 smem[128];
.visible .entry k(.param .u64 in, .param .u64 out) {{
  .reg .b32 r0, r1, t, addr, v;
  .reg .u64 pout, off;
  ld.param.u64 pout, [out];
  mov.u32 t, %tid.x;
  mad.lo.u32 r0, t, 0x20002, 0x10000;
  add.u32 r1, r0, 0x00400040;
  // rows of matrix m at slots 15 - (8m + r): in reverse order
  mov.u32 addr, 15;
  sub.u32 addr, addr, t;
  and.b32 addr, addr, 15;
  mul.lo.u32 addr, addr, 16;
  mov.u32 v, smem;
  add.u32 addr, addr, v;
  stmatrix.sync.aligned.m8n8.x2{}.shared.b16 [addr], {{r0, r1}};
  bar.sync 0;
  // copy the 256 bytes of shared memory out: 8 per thread
  mad.lo.u32 addr, t, 8, v;
  mul.wide.u32 off, t, 8;
  add.u64 pout, pout, off;
  ld.shared.b32 v, [addr];
  st.global.b32 [pout], v;
  ld.shared.b32 v, [addr+4];
  st.global.b32 [pout+4], v;
  ret;
}}
)",
                                                         trans ? ".trans" : "");
    std::vector<uint32_t> out = run(ptx, {0}, 64);
    for (unsigned m = 0; m < 2; ++m)
      for (unsigned r = 0; r < 8; ++r)
        for (unsigned c = 0; c < 8; ++c) {
          unsigned slot = 15 - (8 * m + r);
          uint32_t word = out[slot * 4 + c / 2];
          uint16_t got = static_cast<uint16_t>(word >> (16 * (c % 2)));
          uint16_t want = static_cast<uint16_t>(trans ? 64 * m + 8 * c + r : 64 * m + 8 * r + c);
          CAPTURE(m);
          CAPTURE(r);
          CAPTURE(c);
          CHECK(got == want);
        }
  }
  std::string mov = std::string(kHeader) + R"(
.visible .entry k(.param .u64 in, .param .u64 out) {
  .reg .b32 a, d, t;
  .reg .u64 pout, off;
  ld.param.u64 pout, [out];
  mov.u32 t, %tid.x;
  mad.lo.u32 a, t, 0x20002, 0x10000;
  movmatrix.sync.aligned.m8n8.trans.b16 d, a;
  mul.wide.u32 off, t, 4;
  add.u64 pout, pout, off;
  st.global.b32 [pout], d;
  ret;
}
)";
  std::vector<uint32_t> out = run(mov, {0}, 32);
  for (unsigned l = 0; l < 32; ++l) {
    // d holds M^T's row l/4, columns 2(l%4), 2(l%4)+1: M[2(l%4)][l/4] and M[2(l%4)+1][l/4].
    unsigned r = 2 * (l % 4), c = l / 4;
    CAPTURE(l);
    CHECK(out[l] == ((8 * r + c) | ((8 * (r + 1) + c) << 16)));
  }
}

TEST_CASE("tensor ldmatrix feeds mma.m16n8k16 and stmatrix stores D: no fragment layout on the host") {
  // A (16x16, row-major) and B (16x8, K x N row-major) and C (16x8) as f16
  // in shared memory; ldmatrix.x4 loads A, ldmatrix.x2.trans loads B,
  // ldmatrix.x2 loads C, stmatrix.x2 stores D, as CUTLASS kernels do.
  Lcg rng;
  std::vector<double> A(256), B(128), C(128);
  for (double& v : A) v = rng.range(-8, 8) * 0.25;
  for (double& v : B) v = rng.range(-8, 8) * 0.5;
  for (double& v : C) v = rng.range(-64, 64);
  std::vector<uint32_t> in(256);  // halves: A at 0, B at 256, C at 384
  auto put = [&](unsigned index, double v) {
    uint32_t h = fp::f32_to_f16(fp::bits_f32(static_cast<float>(v)), fp::Rounding::rz);
    in[index / 2] |= h << (16 * (index % 2));
  };
  for (unsigned i = 0; i < 256; ++i) put(i, A[i]);
  for (unsigned i = 0; i < 128; ++i) put(256 + i, B[i]);
  for (unsigned i = 0; i < 128; ++i) put(384 + i, C[i]);
  std::string ptx = std::string(kHeader) + R"(
.shared .align 16 .b16 sm[512];
.visible .entry k(.param .u64 in, .param .u64 out) {
  .reg .b32 a<4>, b<2>, c<2>, d<2>, t, base, addr, row, v<4>;
  .reg .u64 pin, pout, off;
  ld.param.u64 pin, [in];
  ld.param.u64 pout, [out];
  mov.u32 t, %tid.x;
  mov.u32 base, sm;
  // copy the 1024 input bytes to shared memory, 32 per thread
  mul.wide.u32 off, t, 32;
  add.u64 pin, pin, off;
  mad.lo.u32 addr, t, 32, base;
  ld.global.v4.b32 {v0, v1, v2, v3}, [pin];
  st.shared.v4.b32 [addr], {v0, v1, v2, v3};
  ld.global.v4.b32 {v0, v1, v2, v3}, [pin+16];
  st.shared.v4.b32 [addr+16], {v0, v1, v2, v3};
  bar.sync 0;
  // A: lane l gives &A[l % 16][8 (l / 16)]
  and.b32 row, t, 15;
  shr.u32 v0, t, 4;
  mad.lo.u32 addr, row, 32, base;
  mad.lo.u32 addr, v0, 16, addr;
  ldmatrix.sync.aligned.m8n8.x4.shared.b16 {a0, a1, a2, a3}, [addr];
  // B: lane l gives &B[l % 16][0]
  mad.lo.u32 addr, row, 16, base;
  ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {b0, b1}, [addr+512];
  // C: lane l gives &C[l % 16][0]
  ldmatrix.sync.aligned.m8n8.x2.shared.b16 {c0, c1}, [addr+768];
  mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {d0, d1}, {a0, a1, a2, a3}, {b0, b1}, {c0, c1};
  bar.sync 0;
  stmatrix.sync.aligned.m8n8.x2.shared.b16 [addr], {d0, d1};
  bar.sync 0;
  // copy D (256 bytes) out, 8 per thread
  mad.lo.u32 addr, t, 8, base;
  mul.wide.u32 off, t, 8;
  add.u64 pout, pout, off;
  ld.shared.v2.b32 {v0, v1}, [addr];
  st.global.v2.b32 [pout], {v0, v1};
  ret;
}
)";
  std::vector<uint32_t> out = run(ptx, in, 64);
  for (unsigned r = 0; r < 16; ++r)
    for (unsigned c = 0; c < 8; ++c) {
      double exact = C[r * 8 + c];
      for (unsigned k = 0; k < 16; ++k) exact += A[r * 16 + k] * B[k * 8 + c];
      uint16_t want = fp::f32_to_f16(fp::bits_f32(static_cast<float>(exact)), fp::Rounding::rz);
      uint16_t got = static_cast<uint16_t>(out[(r * 8 + c) / 2] >> (16 * (c % 2)));
      CAPTURE(r);
      CAPTURE(c);
      CHECK(got == want);
    }
}

TEST_CASE("tensor mma f16/bf16: m16n8k16 and m16n8k8, f32 and f16 accumulators") {
  check_mma(m16n8k16_half(Ty::f32, Ty::f16, Ty::f32), 1);
  check_mma(m16n8k16_half(Ty::f16, Ty::f16, Ty::f16), 2);
  check_mma(m16n8k16_half(Ty::f32, Ty::bf16, Ty::f32), 3);
  check_mma(m16n8k8_half(Ty::f32, Ty::f16, Ty::f32), 4);
  check_mma(m16n8k8_half(Ty::f16, Ty::f16, Ty::f16), 5);
  check_mma(m16n8k8_half(Ty::f32, Ty::bf16, Ty::f32), 6);
}

TEST_CASE("tensor mma tf32: m16n8k8 and m16n8k4 ignore the 13 low bits of their operands") {
  check_mma(m16n8k8_tf32(), 7);
  check_mma(m16n8k4_tf32(), 8);
}

TEST_CASE("tensor mma fp8: m16n8k32 e4m3 x e5m2") {
  check_mma(m16n8k32_8bit(Ty::f32, Ty::e4m3, Ty::e5m2, Ty::f32), 9);
  check_mma(m16n8k32_8bit(Ty::f16, Ty::e5m2, Ty::e4m3, Ty::f16), 10);
}

TEST_CASE("tensor mma integer: s8/u8 shapes, wrapping and .satfinite") {
  check_mma(m16n8k32_8bit(Ty::s32, Ty::s8, Ty::s8, Ty::s32), 11);
  check_mma(m16n8k32_8bit(Ty::s32, Ty::u8, Ty::s8, Ty::s32), 12);
  check_mma(m16n8k16_8bit(Ty::s8, Ty::u8), 13);
  check_mma(m8n8k16_8bit(Ty::u8, Ty::u8), 14);
  // C near the s32 limits: products of 127 * 127 push every sum past them.
  auto extreme = [](std::vector<double>& a, std::vector<double>& b, std::vector<double>& c) {
    for (double& v : a) v = 127;
    for (size_t i = 0; i < b.size(); ++i) b[i] = i % 3 ? 127 : -128;
    for (size_t i = 0; i < c.size(); ++i) c[i] = i % 2 ? 2147483000.0 : -2147483000.0;
  };
  MmaCase wrap = m16n8k32_8bit(Ty::s32, Ty::s8, Ty::s8, Ty::s32);
  check_mma(wrap, 15, extreme);
  MmaCase sat = wrap;
  sat.satfinite = true;
  check_mma(sat, 16, extreme);
}

TEST_CASE("tensor mma m8n8k4: four MMAs per warp, every layout and accumulator pairing") {
  check_mma(m8n8k4(true, false, Ty::f32, Ty::f32), 17);
  check_mma(m8n8k4(false, true, Ty::f16, Ty::f16), 18);
  check_mma(m8n8k4(true, true, Ty::f32, Ty::f16), 19);
  check_mma(m8n8k4(false, false, Ty::f32, Ty::f32), 20);
}

TEST_CASE("tensor mma rounds the exact sum once, and NaN/inf follow IEEE") {
  // D[0][0] = 2^24 + 1*1 + 0.5*1 + 0.5*1 = 2^24 + 2 (exact sum, one rounding;
  // a sequential f32 accumulation would give 2^24, and real tensor cores may too).
  auto once = [](std::vector<double>& a, std::vector<double>& b, std::vector<double>& c) {
    std::fill(a.begin(), a.end(), 0.0);
    std::fill(b.begin(), b.end(), 1.0);
    a[0] = 1, a[1] = 0.5, a[2] = 0.5;
    c[0] = 16777216.0;
  };
  check_mma(m16n8k16_half(Ty::f32, Ty::f16, Ty::f32), 21, once);

  // A[0][0] = inf with B[0][c] = 0 for c = 0, 1 and 1 elsewhere: NaN in D[0][0..1], inf in D[0][2..7].
  std::string ptx = std::string(kHeader) + R"(
.visible .entry k(.param .u64 in, .param .u64 out) {
  .reg .b32 a<4>, b<2>, c<4>, d<4>, t;
  .reg .u64 pout, off;
  .reg .pred p;
  ld.param.u64 pout, [out];
  mov.u32 t, %tid.x;
  mov.b32 a0, 0;  mov.b32 a1, 0;  mov.b32 a2, 0;  mov.b32 a3, 0;
  mov.b32 c0, 0;  mov.b32 c1, 0;  mov.b32 c2, 0;  mov.b32 c3, 0;
  setp.eq.u32 p, t, 0;
  @p mov.b32 a0, 0x7c00;        // lane 0, a0: A[0][0] = +inf
  mov.b32 b0, 0x3c003c00;        // B = 1 ...
  mov.b32 b1, 0x3c003c00;
  setp.lt.u32 p, t, 8;
  @p mov.b32 b0, 0x3c000000;    // ... except B[0][c] = 0 for c = lane/4 < 2
  mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {d0, d1, d2, d3}, {a0, a1, a2, a3}, {b0, b1}, {c0, c1, c2, c3};
  mul.wide.u32 off, t, 16;
  add.u64 pout, pout, off;
  st.global.v4.b32 [pout], {d0, d1, d2, d3};
  ret;
}
)";
  std::vector<uint32_t> out = run(ptx, {0}, 128);
  // Row 0 of D is c0, c1 of lanes 0-3 (columns 2t, 2t+1).
  CHECK(out[0 * 4 + 0] == fp::kNaNF32);
  CHECK(out[0 * 4 + 1] == fp::kNaNF32);
  for (unsigned l = 1; l < 4; ++l) {
    CHECK(out[l * 4 + 0] == 0x7f800000u);
    CHECK(out[l * 4 + 1] == 0x7f800000u);
  }
  CHECK(out[4 * 4 + 0] == 0u);  // row 1
}

TEST_CASE("tensor instructions stop the run when the warp is not whole or the form is unsupported") {
  std::string mma = std::string(kHeader) + R"(
.visible .entry k(.param .u64 in, .param .u64 out) {
  .reg .b32 a<4>, b<2>, c<4>, d<4>, t;
  .reg .pred p;
  mov.u32 t, %tid.x;
  setp.lt.u32 p, t, 16;
  @p mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {d0, d1, d2, d3}, {a0, a1, a2, a3}, {b0, b1}, {c0, c1, c2, c3};
  ret;
}
)";
  CHECK(run_error(mma).find("needs all 32 threads") != std::string::npos);
  std::string whole = mma;
  whole.replace(whole.find("@p "), 3, "");
  CHECK(run_error(whole) == "");
  CHECK(run_error(whole, 16).find("needs all 32 threads") != std::string::npos);  // a partial warp

  auto unsupported = [&](const std::string& ins, const std::string& regs) {
    std::string ptx = std::string(kHeader) + ".shared .align 16 .b8 s[256];\n" +
                      ".visible .entry k(.param .u64 in, .param .u64 out) {\n" + regs + "\n  " + ins + ";\n  ret;\n}\n";
    return run_error(ptx).find("does not implement") != std::string::npos;
  };
  CHECK(unsupported("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {d0, d1}, {a0}, {b0}, {c0, c1}",
                    ".reg .f64 a0, b0, c<2>, d<2>;"));
  CHECK(unsupported("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f16 {d0, d1, d2, d3}, {a0, a1, a2, a3}, "
                    "{b0, b1}, {c0, c1}",
                    ".reg .b32 a<4>, b<2>, c<2>, d<4>;"));  // bf16 needs f32 accumulators
  CHECK(unsupported("mma.sync.aligned.m16n8k16.col.row.f32.f16.f16.f32 {d0, d1, d2, d3}, {a0, a1, a2, a3}, "
                    "{b0, b1}, {c0, c1, c2, c3}",
                    ".reg .b32 a<4>, b<2>, c<4>, d<4>;"));  // only .row.col
  CHECK(unsupported("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {d0, d1, d2, d3}, {a0, a1, a2}, "
                    "{b0, b1}, {c0, c1, c2, c3}",
                    ".reg .b32 a<4>, b<2>, c<4>, d<4>;"));  // a fragment of the wrong size
  CHECK(unsupported("mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {d0, d1, d2, d3}, {a0, a1, a2, a3}, "
                    "{b0, b1, b2, b3}, {c0, c1, c2, c3}, e, 0x0",
                    ".reg .b32 a<4>, b<4>, c<4>, d<4>, e;"));
  CHECK(unsupported("ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8 {d0, d1}, [s]", ".reg .b32 d<2>;"));
  CHECK(!unsupported("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {d0}, [s]", ".reg .b32 d<2>;"));
}

TEST_CASE("tensor ldmatrix checks its row addresses: 16-byte aligned, in shared memory") {
  auto kernel = [](const std::string& setup) {
    return std::string(kHeader) + ".shared .align 16 .b8 s[256];\n" +
           ".visible .entry k(.param .u64 in, .param .u64 out) {\n  .reg .b32 d;\n  .reg .u64 p;\n  " + setup +
           "\n  ldmatrix.sync.aligned.m8n8.x1.b16 {d}, [p];\n  ret;\n}\n";
  };
  CHECK(run_error(kernel("mov.u64 p, s;\n  cvta.shared.u64 p, p;")) == "");
  CHECK(run_error(kernel("mov.u64 p, s;\n  cvta.shared.u64 p, p;\n  add.u64 p, p, 8;")).find("not 16-byte aligned") !=
        std::string::npos);
  CHECK(run_error(kernel("ld.param.u64 p, [out];")).find("not in shared memory") != std::string::npos);
}
