// The exact floating-point terms of the branch encoding (encodings/fp_terms)
// against the emulator's arithmetic (emulator/fp): a replay checks every
// witness the solver finds through a float, so the two must give the same
// bits. Each instruction form is evaluated by Z3 on constant operands and
// compared with the emulator on the same bits, special values included.
#include <doctest/doctest.h>

#include <map>
#include <memory>
#include <random>
#include <string>

#include "emulator/fp/arith.h"
#include "emulator/fp/compare.h"
#include "emulator/fp/convert.h"
#include "encodings/fp_terms.h"
#include "frontend/ptx/parser.h"

namespace warpsat {
namespace {

// One instruction, parsed from a small kernel (its registers declared wide
// enough for any operand type).
struct OneInstruction {
  ptx::Module module;
  const ptx::Instruction& ins() const { return module.functions[0].instructions[0]; }
  explicit OneInstruction(const std::string& text)
      : module(ptx::parse_module(".version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n"
                                 ".reg .pred %p<4>;\n.reg .f32 %f<4>;\n.reg .f64 %fd<4>;\n.reg .b32 %r<4>;\n"
                                 ".reg .b64 %rd<4>;\n.reg .b16 %h<4>;\n" +
                                     text + ";\nret;\n}\n",
                                 "fp_terms.ptx")) {}
};

// Z3's value of the instruction's destination for constant operands. One
// context and one parsed instruction per form for the whole test (parsing
// and a fresh context per evaluation made the test ten times slower).
struct Evaluator {
  z3::context c;
  std::map<std::string, std::unique_ptr<OneInstruction>> parsed;

  std::optional<uint64_t> operator()(const std::string& text, const std::vector<uint64_t>& operands) {
    auto& one = parsed[text];
    if (!one) one = std::make_unique<OneInstruction>(text);
    std::optional<z3::expr> result;
    FloatOperands io{c, one->ins(),
                     [&](size_t i, unsigned w) { return c.bv_val(operands.at(i - 1), w); },
                     [&](const ptx::Operand&, const z3::expr& v) { result = v; },
                     [](const std::string&, const std::string&) {}};
    if (!apply_float(io) || !result) return std::nullopt;
    uint64_t out = 0;
    z3::expr v = result->simplify();
    REQUIRE_MESSAGE(v.is_numeral_u64(out), text << " does not simplify to a constant: " << v);
    return out;
  }
};

bool compare_terms(z3::context& c, const std::string& cmp, uint64_t a, uint64_t b, ptx::ScalarType t, bool ftz) {
  unsigned w = ptx::bit_width(t);
  z3::expr r = float_compare(c, cmp, c.bv_val(a, w), c.bv_val(b, w), t, ftz).simplify();
  REQUIRE((r.is_true() || r.is_false()));
  return r.is_true();
}

// Bit patterns that reach every special case, then random ones.
std::vector<uint32_t> f32_samples(std::mt19937_64& rng, size_t random) {
  std::vector<uint32_t> v = {0x00000000, 0x80000000, 0x00000001, 0x807fffff, 0x3f800000, 0xbf800000, 0x7f800000,
                             0xff800000, 0x7fc00000, 0x7f800001, 0xffffffff, 0x4f000000, 0xcf000000, 0x4f800000,
                             0x3f000000, 0x3fc00000, 0x40200000, 0xc0200000, 0x7f7fffff, 0x00800000, 0x3effffff};
  for (size_t i = 0; i < random; ++i) v.push_back(static_cast<uint32_t>(rng()));
  return v;
}

std::vector<uint64_t> f64_samples(std::mt19937_64& rng, size_t random) {
  std::vector<uint64_t> v = {0, 0x8000000000000000ull, 1, 0x3ff0000000000000ull, 0x7ff0000000000000ull,
                             0xfff0000000000000ull, 0x7ff8000000000000ull, 0x7ff0000000000001ull,
                             0x41e0000000000000ull, 0xc1e0000000000000ull, 0x3fe0000000000000ull};
  for (size_t i = 0; i < random; ++i) v.push_back(rng());
  return v;
}

TEST_CASE("f32 arithmetic terms give the emulator's bits") {
  Evaluator evaluate;
  std::mt19937_64 rng(7);
  std::vector<uint32_t> xs = f32_samples(rng, 12);
  std::vector<uint32_t> few = f32_samples(rng, 3);  // the other roundings: special values and a few more
  struct Mode {
    const char* text;
    fp::F32Mods m;
  };
  const Mode modes[] = {{"rn", {fp::Rounding::rn, false, false}}, {"rz", {fp::Rounding::rz, false, false}},
                        {"rm", {fp::Rounding::rm, false, false}}, {"rp.ftz", {fp::Rounding::rp, true, false}},
                        {"rn.sat", {fp::Rounding::rn, false, true}}, {"rn.ftz.sat", {fp::Rounding::rn, true, true}}};
  for (const Mode& mode : modes)
    for (uint32_t a : mode.m.rnd == fp::Rounding::rn && !mode.m.sat ? xs : few)
      for (uint32_t b : mode.m.rnd == fp::Rounding::rn && !mode.m.sat ? xs : few) {
        std::string m = mode.text;
        CHECK(evaluate("add." + m + ".f32 %f1, %f2, %f3", {a, b}) == fp::add_f32(a, b, mode.m));
        CHECK(evaluate("sub." + m + ".f32 %f1, %f2, %f3", {a, b}) == fp::sub_f32(a, b, mode.m));
        CHECK(evaluate("mul." + m + ".f32 %f1, %f2, %f3", {a, b}) == fp::mul_f32(a, b, mode.m));
        CHECK(evaluate("fma." + m + ".f32 %f1, %f2, %f3, %f2", {a, b, a}) == fp::fma_f32(a, b, a, mode.m));
        if (!mode.m.sat) CHECK(evaluate("div." + m + ".f32 %f1, %f2, %f3", {a, b}) == fp::div_f32(a, b, mode.m));
      }
}

TEST_CASE("f64 arithmetic terms keep the emulator's NaN payloads") {
  Evaluator evaluate;
  std::mt19937_64 rng(11);
  std::vector<uint64_t> xs = f64_samples(rng, 8);
  for (uint64_t a : xs)
    for (uint64_t b : xs) {
      CHECK(evaluate("add.rn.f64 %fd1, %fd2, %fd3", {a, b}) == fp::add_f64(a, b));
      CHECK(evaluate("mul.rz.f64 %fd1, %fd2, %fd3", {a, b}) == fp::mul_f64(a, b, fp::Rounding::rz));
      CHECK(evaluate("div.rn.f64 %fd1, %fd2, %fd3", {a, b}) == fp::div_f64(a, b));
      CHECK_MESSAGE(evaluate("min.f64 %fd1, %fd2, %fd3", {a, b}) == fp::min_f64(a, b), a << " " << b);
      CHECK(evaluate("max.f64 %fd1, %fd2, %fd3", {a, b}) == fp::max_f64(a, b));
    }
}

TEST_CASE("f32 comparisons, min/max, neg/abs, testp and copysign agree with the emulator") {
  Evaluator evaluate;
  std::mt19937_64 rng(3);
  std::vector<uint32_t> xs = f32_samples(rng, 10);
  const char* names[] = {"eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"};
  for (uint32_t a : xs)
    for (uint32_t b : xs) {
      for (int op = 0; op < 14; ++op)
        for (bool ftz : {false, true})
          CHECK(compare_terms(evaluate.c, names[op], a, b, ptx::ScalarType::F32, ftz) ==
                fp::cmp_f32(static_cast<fp::CmpOp>(op), a, b, ftz));
      CHECK(evaluate("min.f32 %f1, %f2, %f3", {a, b}) == fp::min_f32(a, b));
      CHECK(evaluate("max.ftz.f32 %f1, %f2, %f3", {a, b}) == fp::max_f32(a, b, {true, false, false, false}));
      CHECK(evaluate("copysign.f32 %f1, %f2, %f3", {a, b}) == fp::copysign_f32(a, b));
    }
  for (uint32_t a : xs) {
    CHECK(evaluate("neg.f32 %f1, %f2", {a}) == fp::neg_f32(a));
    CHECK(evaluate("abs.ftz.f32 %f1, %f2", {a}) == fp::abs_f32(a, true));
    CHECK(evaluate("sqrt.rn.f32 %f1, %f2", {a}) == fp::sqrt_f32(a));
    CHECK(evaluate("rcp.rn.f32 %f1, %f2", {a}) == fp::rcp_f32(a));
    CHECK(evaluate("testp.finite.f32 %p1, %f2", {a}) == fp::testp_f32(fp::TestOp::finite, a));
    CHECK(evaluate("testp.normal.f32 %p1, %f2", {a}) == fp::testp_f32(fp::TestOp::normal, a));
    CHECK(evaluate("testp.subnormal.f32 %p1, %f2", {a}) == fp::testp_f32(fp::TestOp::subnormal, a));
  }
}

TEST_CASE("conversions between floats and integers saturate as the emulator does") {
  Evaluator evaluate;
  std::mt19937_64 rng(5);
  using fp::Type;
  struct Cvt {
    const char* text;
    Type dst, src;
    fp::CvtMods m;
  };
  fp::CvtMods rni, rzi, rmi, rpi, rn, rz, ftz_rzi;
  rni.irnd = fp::IntRounding::rni, rzi.irnd = fp::IntRounding::rzi, rmi.irnd = fp::IntRounding::rmi;
  rpi.irnd = fp::IntRounding::rpi, rn.frnd = fp::Rounding::rn, rz.frnd = fp::Rounding::rz;
  ftz_rzi = rzi, ftz_rzi.ftz = true;
  const Cvt f32_sources[] = {{"cvt.rni.s32.f32 %r1, %f2", Type::s32, Type::f32, rni},
                             {"cvt.rzi.u32.f32 %r1, %f2", Type::u32, Type::f32, rzi},
                             {"cvt.rmi.s64.f32 %rd1, %f2", Type::s64, Type::f32, rmi},
                             {"cvt.rpi.u64.f32 %rd1, %f2", Type::u64, Type::f32, rpi},
                             {"cvt.rzi.ftz.s32.f32 %r1, %f2", Type::s32, Type::f32, ftz_rzi},
                             {"cvt.f64.f32 %fd1, %f2", Type::f64, Type::f32, {}},
                             {"cvt.rni.f32.f32 %f1, %f2", Type::f32, Type::f32, rni}};
  for (uint32_t a : f32_samples(rng, 30))
    for (const Cvt& k : f32_sources) CHECK_MESSAGE(evaluate(k.text, {a}) == fp::cvt(k.dst, k.src, a, k.m), k.text << " " << a);
  const Cvt f64_sources[] = {{"cvt.rn.f32.f64 %f1, %fd2", Type::f32, Type::f64, rn},
                             {"cvt.rzi.s32.f64 %r1, %fd2", Type::s32, Type::f64, rzi},
                             {"cvt.rni.u64.f64 %rd1, %fd2", Type::u64, Type::f64, rni}};
  for (uint64_t a : f64_samples(rng, 30))
    for (const Cvt& k : f64_sources) CHECK_MESSAGE(evaluate(k.text, {a}) == fp::cvt(k.dst, k.src, a, k.m), k.text << " " << a);
  const Cvt int_sources[] = {{"cvt.rn.f32.s32 %f1, %r2", Type::f32, Type::s32, rn},
                             {"cvt.rz.f32.u32 %f1, %r2", Type::f32, Type::u32, rz},
                             {"cvt.rn.f64.s64 %fd1, %rd2", Type::f64, Type::s64, rn}};
  for (int i = 0; i < 40; ++i) {
    uint64_t v = i < 4 ? std::vector<uint64_t>{0, 1, 0xffffffffu, 0x80000000u}[i] : rng();
    for (const Cvt& k : int_sources) {
      uint64_t a = fp::type_bits(k.src) == 32 ? v & 0xffffffffu : v;
      CHECK_MESSAGE(evaluate(k.text, {a}) == fp::cvt(k.dst, k.src, a, k.m), k.text << " " << a);
    }
  }
}

TEST_CASE("approximate functions are uninterpreted: equal inputs, equal outputs, and recorded") {
  OneInstruction one("ex2.approx.ftz.f32 %f1, %f2");
  z3::context c;
  std::vector<z3::expr> results;
  std::string why;
  for (uint32_t x : {0x3f800000u, 0x3f800000u, 0x40000000u}) {
    FloatOperands io{c, one.ins(), [&](size_t, unsigned w) { return c.bv_val(x, w); },
                     [&](const ptx::Operand&, const z3::expr& v) { results.push_back(v); },
                     [&](const std::string&, const std::string& w) { why = w; }};
    REQUIRE(apply_float(io));
  }
  CHECK(z3::eq(results[0], results[1]));
  CHECK_FALSE(z3::eq(results[0], results[2]));
  CHECK(why == kApproxFloatImprecision);
}

}  // namespace
}  // namespace warpsat
