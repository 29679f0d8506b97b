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
//
// Buffers: hex = [...] (bit patterns), values = [...] (numbers), count + fill,
// count + random_seed (+ min/max), or file (raw bytes, relative to the TOML).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

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

struct BufferParam {
  ElementType type;
  std::vector<uint8_t> bytes;  // initial contents, little-endian
  std::string origin;          // "hex", "fill", "random_seed 7", "file in.bin", ...
};

struct ScalarParam {
  ElementType type;
  uint64_t bits = 0;
};

struct LaunchParam {
  std::optional<BufferParam> buffer;
  std::optional<ScalarParam> scalar;
  uint32_t line = 0;  // of the [[param]] table, for diagnostics
};

struct LaunchFile {
  std::string source;
  std::optional<std::string> kernel;
  uint32_t grid[3] = {1, 1, 1};
  uint32_t block[3] = {1, 1, 1};
  uint64_t dynamic_shared_bytes = 0;
  std::vector<LaunchParam> params;
};

// Limits that keep memory bounded.
inline constexpr uint64_t kMaxBufferBytes = uint64_t{1} << 30;
inline constexpr uint64_t kMaxLaunchBytes = uint64_t{2} << 30;

// `max_launch_bytes` bounds the bytes of all buffers together (the
// emulator's --max-launch-bytes): it is checked as each buffer is declared,
// so that a file of many large buffers fails before they are in memory.
LaunchFile parse_launch_file(std::string text, const std::string& source, uint64_t max_launch_bytes = kMaxLaunchBytes);
LaunchFile read_launch_file(const std::string& path, uint64_t max_launch_bytes = kMaxLaunchBytes);

// Converts a decimal or hex number to the bits of `type` (exactly for
// integers; floats round to nearest). nullopt when it does not fit.
std::optional<uint64_t> value_bits(const ElementType& type, const std::string& text);

}  // namespace warpsat
