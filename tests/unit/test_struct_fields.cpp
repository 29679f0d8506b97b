#include <doctest/doctest.h>

#include "frontend/analysis/cfg.h"
#include "frontend/analysis/reaching_defs.h"
#include "frontend/analysis/struct_fields.h"
#include "frontend/ptx/parser.h"

using namespace warpsat;
using analysis::FieldUse;

namespace {
std::vector<std::vector<analysis::StructField>> fields_of(const ptx::Module& m) {
  const ptx::Function& f = m.functions.at(0);
  analysis::Cfg cfg = analysis::build_cfg(f, m.source);
  return analysis::struct_field_uses(f, analysis::reaching_definitions(f, cfg, m.source));
}

const analysis::StructField* at(const std::vector<analysis::StructField>& fs, uint32_t offset) {
  for (const auto& f : fs)
    if (f.offset == offset) return &f;
  return nullptr;
}
}  // namespace

// The ways CUTLASS reads its Params: ld.param by name and offset, ld.param
// through a register holding the struct's address plus a constant, generic
// loads through cvta.param of it; a pointer field used after cvta.to.global
// and address arithmetic; a pointer read through another pointer.
TEST_CASE("struct fields: offsets, widths and uses of a by-value struct's loads") {
  ptx::Module m = ptx::parse_module(R"(.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .align 8 .b8 P[320], .param .u64 q)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<16>;
  .reg .f32 %f<4>;
  .reg .pred %p<2>;
  ld.param.u64 %rd1, [P+8];
  cvta.to.global.u64 %rd2, %rd1;
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd2, %rd3;
  ld.global.f32 %f1, [%rd4];
  mov.b64 %rd5, P;
  add.s64 %rd6, %rd5, 256;
  ld.param.v2.u32 {%r2, %r3}, [%rd6+16];
  ld.param.f32 %f2, [%rd6+24];
  ld.param.u64 %rd7, [%rd6+32];
  setp.eq.s64 %p1, %rd7, 0;
  @%p1 bra DONE;
  ld.global.u64 %rd8, [%rd7];
  ld.f32 %f3, [%rd8];
DONE:
  cvta.param.u64 %rd9, %rd6;
  ld.u64 %rd10, [%rd9+40];
  ld.param.v4.u8 {%r4, %r5, %r6, %r7}, [P+300];
  ld.param.u64 %rd11, [q];
  ret;
}
)", "fields.ptx");
  auto fields = fields_of(m);
  REQUIRE(fields.size() == 2);
  const auto& p = fields[0];
  REQUIRE(at(p, 8));
  CHECK(at(p, 8)->use == FieldUse::Address);
  CHECK(at(p, 8)->bytes == 8);
  REQUIRE(at(p, 272));
  REQUIRE(at(p, 276));
  CHECK(at(p, 272)->bytes == 4);
  CHECK(at(p, 276)->use == FieldUse::Integer);
  REQUIRE(at(p, 280));
  CHECK(at(p, 280)->use == FieldUse::Float);
  REQUIRE(at(p, 288));
  CHECK(at(p, 288)->use == FieldUse::Address);  // compared with 0, then dereferenced
  CHECK(at(p, 288)->points_to_pointers);          // what it loads is an address in turn
  CHECK_FALSE(at(p, 8)->points_to_pointers);       // it loads floats
  REQUIRE(at(p, 296));                           // the generic load through cvta.param
  CHECK(at(p, 296)->use == FieldUse::Integer);
  CHECK(at(p, 296)->bytes == 8);
  for (uint32_t o = 300; o < 304; ++o) {
    REQUIRE(at(p, o));
    CHECK(at(p, o)->bytes == 1);
  }
  CHECK(p.size() == 10);
  // A scalar parameter loaded whole is a field at offset 0.
  REQUIRE(fields[1].size() == 1);
  CHECK(fields[1][0].offset == 0);
}

// An address register redefined on one path is no longer one offset: the
// loads through it are left out rather than given a wrong offset.
TEST_CASE("struct fields: an address with two reaching offsets gives no field") {
  ptx::Module m = ptx::parse_module(R"(.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .align 8 .b8 P[512])
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<8>;
  .reg .pred %p<2>;
  mov.u32 %r1, %tid.x;
  setp.eq.u32 %p1, %r1, 0;
  mov.b64 %rd1, P;
  @%p1 bra A;
  add.s64 %rd2, %rd1, 64;
  bra.uni B;
A:
  add.s64 %rd2, %rd1, 128;
B:
  ld.param.u32 %r2, [%rd2];
  ld.param.u32 %r3, [%rd1+4];
  ret;
}
)", "two.ptx");
  auto fields = fields_of(m);
  REQUIRE(fields[0].size() == 1);
  CHECK(fields[0][0].offset == 4);
}

// CUTLASS's fast divisions: the multiplier of a mul.hi, through moves and
// conversions, is a field of its own kind.
TEST_CASE("struct fields: a mul.hi's multiplier") {
  ptx::Module m = ptx::parse_module(R"(.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .align 8 .b8 P[256])
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  mov.u32 %r1, %tid.x;
  cvt.u64.u32 %rd1, %r1;
  ld.param.u64 %rd2, [P+24];
  ld.param.v2.u32 {%r2, %r3}, [P+32];
  mul.hi.u64 %rd3, %rd1, %rd2;
  cvt.u64.u32 %rd4, %r2;
  cvt.u32.u64 %r4, %rd4;
  shr.u64 %rd5, %rd3, %r4;
  add.s32 %r5, %r3, %r1;
  mul.lo.u32 %r6, %r5, %r3;
  ret;
}
)", "divmod.ptx");
  auto fields = fields_of(m);
  const auto& p = fields.at(0);
  REQUIRE(at(p, 24));
  CHECK(at(p, 24)->use == FieldUse::Multiplier);
  REQUIRE(at(p, 32));
  CHECK(at(p, 32)->use == FieldUse::Integer);  // a shift amount
  REQUIRE(at(p, 36));
  CHECK(at(p, 36)->use == FieldUse::Integer);  // added and multiplied (mul.lo), never a mul.hi's factor
}
