// emulator/simt/swizzle.h against the PTX ISA's tables of the swizzle modes
// ("Tensors: Swizzling Modes"): each row of a table is a 128-byte line, each
// cell the 16-byte chunk of the dense layout that lands there.
#include <doctest/doctest.h>

#include <cstddef>
#include <cstdint>
#include <set>

#include "emulator/simt/swizzle.h"

using namespace warpsat::simt;

namespace {

// The ISA's tables, cell [line][chunk] = the dense chunk stored there.
constexpr int kTable32[2][8] = {{0, 1, 2, 3, 4, 5, 6, 7}, {1, 0, 3, 2, 5, 4, 7, 6}};
constexpr int kTable64[4][8] = {
    {0, 1, 2, 3, 4, 5, 6, 7}, {1, 0, 3, 2, 5, 4, 7, 6}, {2, 3, 0, 1, 6, 7, 4, 5}, {3, 2, 1, 0, 7, 6, 5, 4}};
constexpr int kTable128[8][8] = {{0, 1, 2, 3, 4, 5, 6, 7}, {1, 0, 3, 2, 5, 4, 7, 6}, {2, 3, 0, 1, 6, 7, 4, 5},
                                 {3, 2, 1, 0, 7, 6, 5, 4}, {4, 5, 6, 7, 0, 1, 2, 3}, {5, 4, 7, 6, 1, 0, 3, 2},
                                 {6, 7, 4, 5, 2, 3, 0, 1}, {7, 6, 5, 4, 3, 2, 1, 0}};

template <std::size_t Lines>
void check_table(Swizzle s, const int (&table)[Lines][8], uint64_t base) {
  for (uint64_t line = 0; line < Lines; ++line)
    for (uint64_t cell = 0; cell < 8; ++cell) {
      // The dense chunk `table[line][cell]` of this line is stored in `cell`.
      uint64_t dense = base + line * 128 + static_cast<uint64_t>(table[line][cell]) * 16;
      for (uint64_t byte = 0; byte < 16; ++byte)
        CHECK(swizzle_address(s, dense + byte) == base + line * 128 + cell * 16 + byte);
    }
}

}  // namespace

TEST_CASE("swizzle: the PTX ISA's tables for 32, 64 and 128 bytes, repeating with the pattern") {
  for (uint64_t repeat = 0; repeat < 3; ++repeat) {
    check_table(Swizzle::B32, kTable32, repeat * 256);
    check_table(Swizzle::B64, kTable64, repeat * 512);
    check_table(Swizzle::B128, kTable128, 0x4000 + repeat * 1024);
  }
  CHECK(swizzle_span(Swizzle::B128) == 128);
  CHECK(swizzle_repeat(Swizzle::B64) == 512);
  for (uint64_t a = 0; a < 4096; ++a) CHECK(swizzle_address(Swizzle::None, a) == a);
}

TEST_CASE("swizzle: a permutation of each repeat, its own inverse, and the base offset of an unaligned start") {
  for (Swizzle s : {Swizzle::B32, Swizzle::B64, Swizzle::B128}) {
    std::set<uint64_t> image;
    for (uint64_t a = 0; a < swizzle_repeat(s); ++a) {
      uint64_t to = swizzle_address(s, a);
      CHECK(to < swizzle_repeat(s));
      CHECK(swizzle_address(s, to) == a);
      CHECK((to & 15) == (a & 15));  // 16-byte chunks stay whole
      image.insert(to);
    }
    CHECK(image.size() == swizzle_repeat(s));
  }
  // A 128B-swizzled buffer starting at line 3 of the pattern: its first line
  // is XORed with 3, as the ISA's base offset (dstMem / 128) % 8 says.
  CHECK(swizzle_address(Swizzle::B128, 3 * 128 + 0 * 16) == 3 * 128 + 3 * 16);
  CHECK(swizzle_address(Swizzle::B128, 3 * 128 + 5 * 16 + 7) == 3 * 128 + 6 * 16 + 7);
}
