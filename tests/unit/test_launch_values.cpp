// Launch files' typed values: what a number converts to for each type, which
// scalar types a PTX parameter takes, the JSON `run` prints buffers as, and
// launch-template's output read back.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <string>

#include "emulator/simt/launch.h"
#include "frontend/launch_file.h"
#include "frontend/launch_template.h"
#include "frontend/ptx/parser.h"
#include "frontend/read_file.h"
#include "report/buffer_values.h"
#include "tests/unit/input_error_text.h"

using namespace warpsat;
using testing::input_error_text;

namespace {

ElementType type(const char* name) { return *parse_element_type(name); }

std::string why_not(const char* t, const std::string& text) {
  std::string why;
  auto bits = value_bits(type(t), text, &why);
  return bits ? "accepted" : why;
}

uint32_t f32_bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

}  // namespace

TEST_CASE("typed values: integers must be in their type's range") {
  CHECK(value_bits(type("u32"), "4294967295") == 0xffffffffu);
  CHECK(why_not("u32", "4294967296") == "out of range of u32 (0 to 4294967295)");
  CHECK(why_not("u32", "-1") == "out of range of u32 (0 to 4294967295)");
  CHECK(value_bits(type("s8"), "-128") == 0x80u);
  CHECK(why_not("s8", "128") == "out of range of s8 (-128 to 127)");
  CHECK(value_bits(type("s64"), "-9223372036854775808") == uint64_t{1} << 63);
  CHECK(why_not("s64", "9223372036854775808") == "out of range of s64 (-9223372036854775808 to 9223372036854775807)");
  CHECK(value_bits(type("u64"), "18446744073709551615") == ~uint64_t{0});
  CHECK(why_not("b16", "65536") == "out of range of b16 (0 to 65535)");
  // A float literal is taken only when it is a whole number.
  CHECK(why_not("u32", "3.5") == "not an integer; a u32 takes integers");
  CHECK(value_bits(type("u32"), "3.0") == 3u);
  CHECK(value_bits(type("u32"), "1e6") == 1000000u);
  CHECK(why_not("u8", "1e3") == "out of range of u8 (0 to 255)");
  CHECK(why_not("u32", "inf") == "not an integer; a u32 takes integers");
  CHECK(why_not("u32", "12abc") == "not a number");
}

TEST_CASE("typed values: hex strings are bit patterns no wider than the type") {
  CHECK(value_bits(type("f32"), "0x3f800000") == 0x3f800000u);
  CHECK(value_bits(type("u8"), "0xff") == 0xffu);
  CHECK(why_not("u8", "0x1ff") == "wider than 8 bits");
  CHECK(why_not("u32", "0xg") == "not a hex bit pattern");
}

TEST_CASE("typed values: floats round from their text, but integers must be exact and nothing overflows") {
  CHECK(value_bits(type("f32"), "0.1") == f32_bits(0.1f));
  CHECK(value_bits(type("f32"), "16777216") == f32_bits(16777216.0f));
  CHECK(why_not("f32", "16777217") ==
        "not exactly representable as f32 (nearest: 16777216); write it as a float literal to round");
  CHECK(value_bits(type("f32"), "16777217.0") == f32_bits(16777216.0f));
  CHECK(why_not("f64", "9007199254740993") ==
        "not exactly representable as f64 (nearest: 9007199254740992); write it as a float literal to round");
  CHECK(why_not("f32", "1e39") == "overflows f32");
  CHECK(why_not("f32", "1e-50") == "underflows f32 to 0");
  CHECK(value_bits(type("f32"), "0.0") == 0u);
  CHECK(value_bits(type("f32"), "-inf") == 0xff800000u);
  CHECK(value_bits(type("f16"), "65504") == 0x7bffu);
  CHECK(why_not("f16", "70000.0") == "overflows f16");
  CHECK(value_bits(type("f16"), "0.5") == 0x3800u);
  CHECK(value_bits(type("bf16"), "1.5") == 0x3fc0u);
  CHECK(float_bits_value(type("f16"), 0x3c00) == 1.0);
  CHECK(float_bits_value(type("f16"), 0x0001) == std::ldexp(1.0, -24));
  CHECK(std::isinf(float_bits_value(type("f16"), 0xfc00)));
  CHECK(float_bits_value(type("bf16"), 0xbfc0) == -1.5);
}

TEST_CASE("launch file: values of every element type, read from the text as written") {
  LaunchFile l = parse_launch_file(R"(
[[param]]
buffer = { type = "f32", values = [1.0, 0.1, -2, "0x7fc00000"] }
[[param]]
buffer = { type = "s16", values = [-1, 32767, 1_000] }
[[param]]
struct = { type = "u64", values = ["18446744073709551615"] }
[[param]]
scalar = { type = "f64", value = 0.1 }
)",
                                   "l.toml");
  REQUIRE(l.params.size() == 4);
  const std::vector<uint8_t>& f = l.params[0].buffer->bytes;
  REQUIRE(f.size() == 16);
  float v[4];
  std::memcpy(v, f.data(), 16);
  CHECK(v[0] == 1.0f);
  CHECK(v[1] == 0.1f);
  CHECK(v[2] == -2.0f);
  CHECK(std::isnan(v[3]));
  CHECK(l.params[1].buffer->bytes == std::vector<uint8_t>{0xff, 0xff, 0xff, 0x7f, 0xe8, 0x03});
  CHECK(l.params[2].by_value->bytes == std::vector<uint8_t>(8, 0xff));
  double d;
  std::memcpy(&d, &l.params[3].scalar->bits, 8);
  CHECK(d == 0.1);
  CHECK(l.params[3].type_line == 9);
  CHECK(l.params[3].type_column == 19);
  CHECK(input_error_text([] { parse_launch_file("[[param]]\nscalar = { type = \"u8\", value = 256 }\n", "l.toml"); }) ==
        "l.toml:2:33: error: '256' is not a valid u8 value: out of range of u8 (0 to 255)");
}

TEST_CASE("scalar types: the size must match, and the kind unless one side is raw bits") {
  using ptx::ScalarType;
  CHECK(scalar_type_fits(ScalarType::U32, type("u32")));
  CHECK(scalar_type_fits(ScalarType::U32, type("s32")));
  CHECK(scalar_type_fits(ScalarType::U32, type("b32")));
  CHECK_FALSE(scalar_type_fits(ScalarType::U32, type("f32")));
  CHECK_FALSE(scalar_type_fits(ScalarType::U32, type("u64")));
  CHECK(scalar_type_fits(ScalarType::B32, type("f32")));
  CHECK_FALSE(scalar_type_fits(ScalarType::B32, type("f16")));
  CHECK(scalar_type_fits(ScalarType::F32, type("f32")));
  CHECK_FALSE(scalar_type_fits(ScalarType::F32, type("s32")));
  CHECK_FALSE(scalar_type_fits(ScalarType::F16, type("bf16")));
  CHECK(fitting_types(ScalarType::S64) == "u64, s64, b64");
  CHECK(fitting_types(ScalarType::F64) == "b64, f64");
  CHECK(fitting_types(ScalarType::B16) == "u16, s16, b16, f16, bf16");
}

TEST_CASE("buffer JSON: typed values beside hex, NaN and infinities as strings, words without a type") {
  std::vector<uint8_t> f32(12);
  float fs[3] = {1.5f, -INFINITY, NAN};
  std::memcpy(f32.data(), fs, 12);
  ElementType f = type("f32");
  CHECK(buffer_values_json(&f, f32).dump() == R"([1.5,"-inf","nan"])");
  CHECK(buffer_hex_json(&f, f32).dump() == R"(["0x3fc00000","0xff800000","0x7fc00000"])");
  ElementType s16 = type("s16");
  std::vector<uint8_t> s{0xff, 0xff, 0x02, 0x00, 0x00};  // the odd byte is no element
  CHECK(buffer_values_json(&s16, s).dump() == "[-1,2]");
  ElementType h = type("f16");
  CHECK(buffer_values_json(&h, {0x00, 0x3c, 0x00, 0xb8}).dump() == "[1.0,-0.5]");
  ElementType u64 = type("u64");
  CHECK(buffer_values_json(&u64, std::vector<uint8_t>(8, 0xff)).dump() == "[18446744073709551615]");
  CHECK(buffer_values_json(nullptr, {1, 0, 0, 0, 0, 0, 0, 0x80}).dump() == "[1,2147483648]");
  CHECK(buffer_hex_json(nullptr, {1, 0, 0, 0}).dump() == R"(["0x00000001"])");
}

TEST_CASE("launch template: read back, it is a launch the emulator accepts") {
  ptx::Module m = ptx::parse_module(R"(.version 7.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out, .param .f32 a, .param .s16 d, .param .align 4 .b8 s[12], .param .b32 bits)
.maxntid 64, 1, 1
{
  ret;
}
.visible .entry other()
{
  ret;
}
)",
                                    "k.ptx");
  CHECK(input_error_text([&] { template_kernel(m, ""); }) ==
        "warpsat: error: k.ptx has 2 kernels; say which with --kernel (kernels: k, other)");
  CHECK(input_error_text([&] { template_kernel(m, "nope"); }) ==
        "warpsat: error: no kernel in k.ptx matches 'nope' (by mangled or demangled name, or part of one); k.ptx "
        "has:\n  k\n  other");
  std::string text = launch_template(m, template_kernel(m, "k"));
  CHECK(text.find("block = [64, 1, 1]") != std::string::npos);
  CHECK(text.find("buffer = { type = \"u32\", count = 64, fill = 0 }") != std::string::npos);
  CHECK(text.find("scalar = { type = \"f32\", value = 0.0 }") != std::string::npos);
  CHECK(text.find("struct = { type = \"b8\", count = 12, fill = 0 }") != std::string::npos);
  LaunchFile l = parse_launch_file(text, "template.toml");
  std::vector<ElementType> types;
  simt::Launch launch = simt::launch_from_file(m, l, &types);
  REQUIRE(launch.args.size() == 5);
  CHECK(launch.args[0].kind == simt::KernelArgument::Kind::Buffer);
  CHECK(launch.args[0].bytes.size() == 64 * 4);
  CHECK(launch.args[3].bytes == std::vector<uint8_t>(12, 0));
  CHECK(types[2].name == "s16");
  CHECK(types[4].name == "b32");
}

TEST_CASE("docs/launch-files.md: every TOML example is a launch file the reader accepts") {
  std::string doc = read_file(std::string(WARPSAT_SOURCE_DIR) + "/docs/launch-files.md", 1 << 20);
  int examples = 0;
  for (size_t at = doc.find("```toml\n"); at != std::string::npos; at = doc.find("```toml\n", at)) {
    at += 8;
    std::string block = doc.substr(at, doc.find("```", at) - at);
    if (block.find("file = ") != std::string::npos) continue;  // names a data file the docs do not ship
    CAPTURE(block);
    CHECK(input_error_text([&] { parse_launch_file(block, "docs/launch-files.md"); }) == "");
    ++examples;
  }
  CHECK(examples >= 3);
}
