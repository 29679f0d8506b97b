// A kernel launch written down in TOML (issue 4's launch description):
//
//   kernel = "name"          # optional when the module has one .entry
//   grid  = [4, 1, 1]
//   block = [256, 1, 1]
//   dynamic_shared_bytes = 0
//   [[param]]                # one per kernel parameter, in declaration order
//   buffer = { type = "u32", hex = ["0x1", "0x2"] }
//   [[param]]
//   scalar = { type = "s32", value = "1000" }
//   [[param]]                # a struct passed by value (.param .b8 s[12])
//   struct = { type = "f32", values = [1.0, 2.0, 0.5] }
//
// Buffers and structs: hex = [...] (bit patterns), values = [...] (numbers),
// count + fill, count + random_seed (+ min/max), or file (raw bytes, relative
// to the TOML). docs/launch-files.md is the reference.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "frontend/ptx/types.h"
#include "frontend/tensor_map.h"

namespace warpsat {

// Element types of buffers and scalars: u8..u64, s8..s64 (i8..i64 too),
// b8..b64, f16, bf16, f32, f64.
struct ElementType {
  std::string name;  // canonical spelling, e.g. "s32"
  unsigned bytes = 4;
  bool is_float = false;
  bool is_signed = false;
};
std::optional<ElementType> parse_element_type(const std::string& name);
// Every type parse_element_type knows, in its canonical spelling.
const std::vector<std::string>& element_type_names();

struct BufferParam {
  ElementType type;
  std::vector<uint8_t> bytes;  // initial contents, little-endian
  std::string origin;          // "hex", "fill", "random_seed 7", "file in.bin", ...
};

struct ScalarParam {
  ElementType type;
  uint64_t bits = 0;
};

// A name a launch file refers to, with where the reference is written.
struct NameRef {
  std::string name;
  uint64_t offset = 0;  // in a struct or buffer: where the pointer or tensor map goes
  uint64_t at = 0;      // a pointer: bytes into the buffer it points at (`at`, default 0)
  uint32_t line = 0, column = 0;
};

struct LaunchParam {
  std::optional<BufferParam> buffer;
  std::optional<ScalarParam> scalar;
  std::optional<BufferParam> by_value;  // struct = {...}: bytes passed by value
  std::optional<NameRef> tensor_map;    // tensor_map = "name": a CUtensorMap passed by value
  // In a struct: buffers' addresses and tensor maps placed at byte offsets
  // (struct = { ..., pointers = [...], tensor_maps = [...] }).
  std::vector<NameRef> pointers, tensor_maps;
  std::string name;                     // the [[param]]'s name (a buffer's name for tensor maps and pointers)
  // For diagnostics: the [[param]] table, the buffer/scalar/struct value, and
  // its `type` value, which checks against the kernel point at.
  uint32_t line = 0;
  uint32_t value_line = 0, value_column = 0;
  uint32_t type_line = 0, type_column = 0;
  std::string value_source, type_source;  // those lines' text, shown under the error
};

// [[buffer]]: a device buffer that is no kernel parameter (a struct's
// pointers and tensor maps refer to it by name).
struct NamedBuffer {
  std::string name;
  BufferParam contents;
  std::vector<NameRef> pointers;  // pointers = [{ offset, buffer, at }]: other buffers' addresses in its bytes
  uint32_t line = 0, column = 0;
};

// [[tensor_map]] (docs/launch-files.md, "Tensor maps"), checked against
// cuTensorMapEncodeTiled's requirements when read.
struct TensorMapEntry {
  TensorMapSpec spec;
  uint32_t line = 0, column = 0;           // the table
  uint32_t buffer_line = 0, buffer_column = 0;  // its `buffer` key
};

struct LaunchFile {
  std::string source;
  std::string text;  // the file, for the source line under errors found against the kernel
  std::optional<std::string> kernel;
  uint32_t grid[3] = {1, 1, 1};
  uint32_t block[3] = {1, 1, 1};
  uint64_t dynamic_shared_bytes = 0;
  bool dynamic_shared_given = false;  // the file wrote dynamic_shared_bytes (0 included)
  std::vector<LaunchParam> params;
  uint32_t cluster[3] = {0, 0, 0};  // cluster = [x, y, z]; 0: not given
  bool cluster_non_portable = false;
  uint32_t cluster_line = 0, cluster_column = 0;
  uint32_t grid_line = 0, grid_column = 0;  // the grid key, where given
  std::vector<NamedBuffer> buffers;
  std::vector<TensorMapEntry> tensor_maps;
};

// Limits that keep memory bounded.
inline constexpr uint64_t kMaxBufferBytes = uint64_t{1} << 30;
inline constexpr uint64_t kMaxLaunchBytes = uint64_t{2} << 30;

// `max_launch_bytes` bounds the bytes of all buffers together (the
// emulator's --max-launch-bytes): it is checked as each buffer is declared,
// so that a file of many large buffers fails before they are in memory.
LaunchFile parse_launch_file(std::string text, const std::string& source, uint64_t max_launch_bytes = kMaxLaunchBytes);
LaunchFile read_launch_file(const std::string& path, uint64_t max_launch_bytes = kMaxLaunchBytes);

// Converts a number to the bits of `type`. "0x..." is a bit pattern of at
// most the type's width. Integer types take integers in their range (a float
// literal only when it is a whole number). Float types take integers only
// when exactly representable, and float literals rounded to nearest, but not
// ones that overflow to infinity or underflow to zero. nullopt otherwise,
// with the reason in `why` ("out of range of u8 (0 to 255)", ...).
std::optional<uint64_t> value_bits(const ElementType& type, const std::string& text, std::string* why = nullptr);

// The value of a float element's bits (f16, bf16, f32, f64).
double float_bits_value(const ElementType& type, uint64_t bits);

// Whether a scalar declared as `given` may be passed to a kernel parameter of
// PTX type `param`: the same size, and bN (raw bits) for anything, any
// integer type for .uN/.sN, the same float type for .fN; any type for .bN.
bool scalar_type_fits(ptx::ScalarType param, const ElementType& given);
// The types scalar_type_fits accepts for `param`, for messages: "u32, s32, b32".
std::string fitting_types(ptx::ScalarType param);

}  // namespace warpsat
