// The CUTLASS launch files are reproducible (issue 29): examples/cutlass/host
// makes each Params once per fill pattern and writes as 0 the bytes that
// differ (stable_bytes.h, plain C++ checked here with g++; the generator
// itself needs nvcc and CUTLASS, and scripts/generate_cutlass_launches.sh
// runs it twice per file and compares). The committed launch files must
// carry the list of those bytes, each 0 in the Params' hex.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "../../examples/cutlass/host/stable_bytes.h"

namespace {

// A member left unset and padding, as CUTLASS's Params have them.
struct WithGaps {
  uint8_t flag;       // then 3 bytes of padding
  uint32_t value;
  uint32_t left_unset;  // then 4 bytes of padding
  uint64_t pointer;
  uint64_t stack_address;  // a value of the making's own (a register's, say)
};

[[gnu::noinline]] WithGaps make_with_gaps() {
  WithGaps w;  // NOLINT: left_unset is left so on purpose
  w.flag = 1;
  w.value = 0x11223344;
  w.pointer = 0x00007f0000000000ull;
  volatile int local = 0;
  w.stack_address = reinterpret_cast<uintptr_t>(&local);
  return w;
}

std::vector<uint64_t> range(uint64_t first, uint64_t last) {
  std::vector<uint64_t> v;
  for (uint64_t i = first; i <= last; ++i) v.push_back(i);
  return v;
}

// "12-15, 20" back into offsets.
std::vector<uint64_t> parse_ranges(const std::string& text) {
  std::vector<uint64_t> out;
  std::stringstream in(text);
  std::string part;
  while (std::getline(in, part, ',')) {
    uint64_t first = 0, last = 0;
    size_t dash = part.find('-');
    first = std::stoull(part.substr(0, dash));
    last = dash == std::string::npos ? first : std::stoull(part.substr(dash + 1));
    for (uint64_t i = first; i <= last; ++i) out.push_back(i);
  }
  return out;
}

}  // namespace

TEST_CASE("CUTLASS launch files: the Params' unset member is found and written as 0, the rest kept") {
  int befores = 0;
  auto stable = warpsat_host::stable_bytes<WithGaps>(make_with_gaps, [&] { ++befores; });
  CHECK(befores == 4);
  REQUIRE(stable.bytes.size() == sizeof(WithGaps));
  // The unset member held each fill pattern in turn: it varies, and is 0.
  for (uint64_t i : range(offsetof(WithGaps, left_unset), offsetof(WithGaps, left_unset) + 3)) {
    CHECK(std::find(stable.varying.begin(), stable.varying.end(), i) != stable.varying.end());
    CHECK(stable.bytes[i] == 0);
  }
  // The members that were set are kept, and are not reported.
  CHECK(stable.bytes[0] == 1);
  uint32_t value;
  std::memcpy(&value, stable.bytes.data() + offsetof(WithGaps, value), 4);
  CHECK(value == 0x11223344);
  uint64_t pointer;
  std::memcpy(&pointer, stable.bytes.data() + offsetof(WithGaps, pointer), 8);
  CHECK(pointer == 0x00007f0000000000ull);
  // A stack address differs between makings in both its halves (each
  // making's stack lies elsewhere): varying, and 0.
  for (uint64_t i = 0; i < 6; ++i) {
    const uint64_t at = offsetof(WithGaps, stack_address) + i;
    CHECK(std::find(stable.varying.begin(), stable.varying.end(), at) != stable.varying.end());
    CHECK(stable.bytes[at] == 0);
  }
  // Only padding (1-3, 12-15), the unset member (8-11) and the stack address may vary.
  std::vector<uint64_t> may_vary = {1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15};
  for (uint64_t i = 0; i < 8; ++i) may_vary.push_back(offsetof(WithGaps, stack_address) + i);
  for (uint64_t i : stable.varying) CHECK(std::find(may_vary.begin(), may_vary.end(), i) != may_vary.end());
  // Made again (other heap blocks, the stack used in between), the same bytes.
  auto again = warpsat_host::stable_bytes<WithGaps>(make_with_gaps, [] {});
  CHECK(again.bytes == stable.bytes);
  CHECK(again.varying == stable.varying);
}

TEST_CASE("CUTLASS launch files: offsets are listed as ranges") {
  CHECK(warpsat_host::offset_ranges({}) == "");
  CHECK(warpsat_host::offset_ranges({5}) == "5");
  CHECK(warpsat_host::offset_ranges({1, 2, 3, 7, 9, 10}) == "1-3, 7, 9-10");
  CHECK(parse_ranges("1-3, 7, 9-10") == std::vector<uint64_t>{1, 2, 3, 7, 9, 10});
}

TEST_CASE("CUTLASS launch files: every byte a launch file says it wrote as 0 is 0") {
  const std::filesystem::path dirs[] = {std::filesystem::path(WARPSAT_SOURCE_DIR) / "examples/cutlass/launch",
                                        std::filesystem::path(WARPSAT_SOURCE_DIR) / "tests/files/tensor-cores"};
  const std::regex zeroed(R"(#   written as 0, [^:\n]*:\s*(none|[0-9][0-9, -]*)\n)");
  const std::regex stable_comment(R"(#   CUTLASS leaves unset, registers' leftovers\): (none|[0-9][0-9, -]*)\n)");
  int files = 0;
  for (const auto& dir : dirs) {
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      if (entry.path().extension() != ".toml") continue;
      std::ifstream in(entry.path());
      std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      if (text.find("examples/cutlass/host") == std::string::npos) continue;  // not the generator's
      ++files;
      INFO(entry.path().string());
      std::vector<uint64_t> offsets;
      int lists = 0;
      for (std::sregex_iterator m(text.begin(), text.end(), zeroed), end; m != end; ++m, ++lists)
        if ((*m)[1] != "none") {
          auto o = parse_ranges((*m)[1]);
          offsets.insert(offsets.end(), o.begin(), o.end());
        }
      for (std::sregex_iterator m(text.begin(), text.end(), stable_comment), end; m != end; ++m, ++lists)
        if ((*m)[1] != "none") {
          auto o = parse_ranges((*m)[1]);
          offsets.insert(offsets.end(), o.begin(), o.end());
        }
      CHECK(lists == 2);  // the padding and the varying bytes, each listed
      // The Params' hex: u32 words, little-endian.
      size_t hex = text.find("hex = [");
      REQUIRE(hex != std::string::npos);
      std::vector<uint8_t> bytes;
      const std::regex word("\"0x([0-9a-f]+)\"");
      std::string words = text.substr(hex, text.find(']', hex) - hex);
      for (std::sregex_iterator m(words.begin(), words.end(), word), end; m != end; ++m) {
        uint32_t w = static_cast<uint32_t>(std::stoul((*m)[1], nullptr, 16));
        for (int b = 0; b < 4; ++b) bytes.push_back(static_cast<uint8_t>(w >> (8 * b)));
      }
      for (uint64_t o : offsets) {
        REQUIRE(o < bytes.size());
        CHECK(bytes[o] == 0);
      }
    }
  }
  CHECK(files == 46);  // forty-three launch files, three random-valued copies
}
