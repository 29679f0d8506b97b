// Hopper's shared-memory swizzle: the one definition TMA (exec_tma.cpp) and
// wgmma's matrix descriptors both use, so that data a TMA load swizzles is
// exactly where a wgmma reading the same layout looks for it.
//
// The swizzle is a function of the shared-memory address alone (PTX ISA,
// "Tensors: Swizzling Modes"): the address's 16-byte chunk index within a
// 128-byte line (bits 4..6) is XORed with the line's index within the
// pattern's repeat (bits 7..9):
//
//   mode   span   pattern repeats   bits XORed
//   32B     32 B       256 B        bit 4      ^= bit 7
//   64B     64 B       512 B        bits 4..5  ^= bits 7..8
//   128B   128 B      1024 B        bits 4..6  ^= bits 7..9
//
// which is CuTe's Swizzle<1,4,3>, Swizzle<2,4,3> and Swizzle<3,4,3>. Because
// the address's own bits choose the XOR, a buffer that does not start at a
// multiple of the repeat sees the pattern from the middle (the ISA's "swizzle
// base offset", (address / 128) % lines); both users pass the real address,
// so they agree whatever the alignment. The XOR is an involution: applying it
// twice gives the address back.
#pragma once

#include <cstdint>

namespace warpsat::simt {

enum class Swizzle : uint8_t { None, B32, B64, B128 };

// The span in bytes (32, 64, 128; 0 for None) and the repeat (256, 512, 1024).
constexpr uint32_t swizzle_span(Swizzle s) {
  return s == Swizzle::B32 ? 32 : s == Swizzle::B64 ? 64 : s == Swizzle::B128 ? 128 : 0;
}
constexpr uint32_t swizzle_repeat(Swizzle s) { return swizzle_span(s) * 8; }

// The shared-memory address where the byte at `address` (as a dense,
// row-major layout would place it) lives under swizzle `s`.
constexpr uint64_t swizzle_address(Swizzle s, uint64_t address) {
  uint64_t lines = swizzle_span(s) / 16;  // 16-byte chunks XORed: 2, 4 or 8
  if (lines == 0) return address;
  return address ^ (((address >> 7) & (lines - 1)) << 4);
}

}  // namespace warpsat::simt
