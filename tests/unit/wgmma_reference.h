// Host-side statements of wgmma's layouts for the tests, written from the
// PTX ISA's CuTe expressions and CUTLASS's layout tables (not from the
// emulator's code): a small evaluator of CuTe layouts, the canonical
// shared-memory layouts (PTX ISA, "Canonical Layouts"), and the register
// fragments (CUTLASS cute/atom/mma_traits_sm90_gmma.hpp, CLayout_64xN and
// ALayout_64xK, whose codomain is m + 64 * n).
#pragma once

#include <cstdint>
#include <vector>

namespace wgmma_reference {

// One mode of a CuTe layout, flattened: a coordinate is split
// colexicographically over `shape` and dotted with `stride`.
struct Mode {
  std::vector<long> shape, stride;
  long operator()(long coord) const {
    long off = 0;
    for (size_t i = 0; i < shape.size(); ++i) {
      off += (coord % shape[i]) * stride[i];
      coord /= shape[i];
    }
    return off;
  }
};

// The byte address of element (mn, k) of a canonical layout: the ISA's
// layout in elements (strides LBO and SBO divided by the element size), the
// byte address start + offset * size, then the swizzle's XOR of the 16-byte
// chunk bits 4.. with the 128-byte line bits 7.. (width: 1 none, 2, 4, 8 chunks).
inline uint64_t canonical_address(bool mn_major, unsigned width, unsigned element_bytes, uint64_t start, long lbo,
                                  long sbo, unsigned mn, unsigned k) {
  const long t = 16 / static_cast<long>(element_bytes), w = width, e = static_cast<long>(element_bytes);
  Mode mn_mode, k_mode;
  if (!mn_major && width == 1) {  // ((8,m),(T,2k)):((1T,SBO),(1,LBO))
    mn_mode = {{8, 1 << 20}, {t, sbo / e}};
    k_mode = {{t, 1 << 20}, {1, lbo / e}};
  } else if (!mn_major) {  // ((8,m),(T,2k)):((WT,SBO),(1,T))
    mn_mode = {{8, 1 << 20}, {w * t, sbo / e}};
    k_mode = {{t, 1 << 20}, {1, t}};
  } else if (width == 1) {  // ((T,1,m),(8,k)):((1,T,SBO),(1T,LBO))
    mn_mode = {{t, 1, 1 << 20}, {1, t, sbo / e}};
    k_mode = {{8, 1 << 20}, {t, lbo / e}};
  } else {  // ((T,W,m),(8,k)):((1,T,LBO),(WT,SBO))
    mn_mode = {{t, w, 1 << 20}, {1, t, lbo / e}};
    k_mode = {{8, 1 << 20}, {w * t, sbo / e}};
  }
  uint64_t byte = start + static_cast<uint64_t>(mn_mode(mn) + k_mode(k)) * element_bytes;
  return byte ^ (((byte >> 7) & static_cast<uint64_t>(width - 1)) << 4);
}

// CUTLASS's thread-value layouts: thread t (0..127), value v -> m + 64 * n.
inline long accumulator_offset(unsigned t, unsigned v) {
  return Mode{{4, 8, 4}, {128, 1, 16}}(t) + Mode{{2, 2, 1 << 20}, {64, 8, 512}}(v);
}
inline long a_fragment_offset(unsigned element_bits, unsigned t, unsigned v) {
  if (element_bits == 32) return Mode{{4, 8, 4}, {64, 1, 16}}(t) + Mode{{2, 2}, {8, 256}}(v);      // ALayout_64x8
  if (element_bits == 8) return Mode{{4, 8, 4}, {256, 1, 16}}(t) + Mode{{4, 2, 2}, {64, 8, 1024}}(v);  // ALayout_64x32
  return Mode{{4, 8, 4}, {128, 1, 16}}(t) + Mode{{2, 2, 2}, {64, 8, 512}}(v);                       // ALayout_64x16
}

}  // namespace wgmma_reference
