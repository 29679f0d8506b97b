// The normal form that keys the verdict cache (cache/kernel_key.h): what
// no answer depends on leaves it unchanged, anything an answer can depend
// on changes it.
#include <doctest/doctest.h>

#include <string>

#include "cache/kernel_key.h"
#include "frontend/ptx/parser.h"

using namespace warpsat;

namespace {

const char* kHeader = ".version 7.0\n.target sm_80\n.address_size 64\n";

const char* kKernel = R"(
.global .align 4 .u32 table[4] = {1, 2, 3, 4};
.shared .align 4 .u32 scratch[32];
.func (.reg .u32 out) twice(.reg .u32 in)
{
  add.u32 out, in, in;
  ret;
}
.visible .entry k(.param .u64 p)
{
  .reg .pred %p<3>;
  .reg .b32 %r<9>;
  .reg .b64 %rd<3>;
  .loc 1 10 3
  ld.param.u64 %rd1, [p];
  mov.u32 %r1, %tid.x;
  ld.global.u32 %r2, [table+4];
  setp.gt.u32 %p1, %r1, %r2;   // a comment
  @%p1 bra $L__BB0_2;
  call (%r3), twice, (%r1);
  st.shared.u32 [scratch], %r3;
$L__BB0_2:
  ret;
}
)";

std::string form(const std::string& text, const char* kernel = "k") {
  ptx::Module m = ptx::parse_module(text, "t.ptx");
  return kernel_normal_form(m, *m.find_function(kernel));
}

std::string replace(std::string s, const std::string& from, const std::string& to) {
  for (size_t at = 0; (at = s.find(from, at)) != std::string::npos; at += to.size()) s.replace(at, from.size(), to);
  return s;
}

}  // namespace

TEST_CASE("kernel normal form: registers, labels, comments, .loc and other kernels leave it unchanged") {
  std::string base = std::string(kHeader) + kKernel;
  std::string key = form(base);
  // Registers renamed consistently, their declaration widened.
  CHECK(form(replace(replace(base, "%r", "%q"), ".reg .b32 %q<9>", ".reg .b32 %q<40>")) == key);
  // Another label name, no comment, no .loc, blank lines and indentation.
  CHECK(form(replace(replace(replace(base, "$L__BB0_2", "$done"), "// a comment", ""), ".loc 1 10 3", "")) == key);
  CHECK(form(replace(base, "  ld.param", "\n\n\t\tld.param")) == key);
  // Another kernel before it, and a global it does not use.
  std::string other = std::string(kHeader) + ".global .u32 unused;\n.visible .entry other()\n{\n  ret;\n}\n" + kKernel;
  CHECK(form(other) == key);
}

TEST_CASE("kernel normal form: anything an answer may depend on changes it") {
  std::string base = std::string(kHeader) + kKernel;
  std::string key = form(base);
  CHECK(form(replace(base, "setp.gt.u32", "setp.ge.u32")) != key);                     // a modifier
  CHECK(form(replace(base, "[table+4]", "[table+8]")) != key);                          // an offset
  CHECK(form(replace(base, "%r1, %r2;", "%r2, %r1;")) != key);                          // operand order
  CHECK(form(replace(base, "{1, 2, 3, 4}", "{1, 2, 3, 5}")) != key);                    // a used global's data
  CHECK(form(replace(base, "add.u32 out, in, in", "sub.u32 out, in, in")) != key);      // a called function
  CHECK(form(replace(base, "scratch[32]", "scratch[64]")) != key);                      // shared layout
  CHECK(form(replace(base, ".target sm_80", ".target sm_90")) != key);                  // the target
  CHECK(form(replace(base, ".reg .b32 %r<9>;", ".reg .b32 %r<8>;\n  .reg .b16 %r8;")) == key);  // unused
  CHECK(form(replace(base, "mov.u32 %r1, %tid.x;", "mov.u32 %r1, %tid.y;")) != key);   // a special register
}
