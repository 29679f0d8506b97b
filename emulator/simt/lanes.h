// Small helpers shared by the instruction families.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include <fmt/format.h>

#include "emulator/simt/state.h"

namespace warpsat::simt {

// Calls f(lane) for each set bit of mask, lowest lane first. A full warp
// takes a plain loop the compiler can unroll and vectorise.
template <typename F>
[[gnu::always_inline]] inline void for_lanes(uint32_t mask, F&& f) {
  if (mask == ~0u) {
    for (unsigned l = 0; l < 32; ++l) f(l);
    return;
  }
  for (uint32_t m = mask; m; m &= m - 1) f(static_cast<unsigned>(__builtin_ctz(m)));
}

inline unsigned first_lane(uint32_t mask) { return static_cast<unsigned>(__builtin_ctz(mask)); }

// A register value viewed as T (low bits; sign from T).
template <typename T>
inline T as(uint64_t v) {
  return static_cast<T>(v);
}
// T's bits, zero-extended to 64.
template <typename T>
inline uint64_t bits_of(T v) {
  if constexpr (std::is_same_v<T, bool>) return v ? 1 : 0;
  else return static_cast<uint64_t>(static_cast<std::make_unsigned_t<T>>(v));
}

// The warp-collective .sync.aligned instructions (ldmatrix, stmatrix,
// movmatrix, mma) need all 32 threads of the warp to execute them together;
// PTX leaves anything else undefined (a divergent or partial warp, an exited
// thread, a guard that is false in some lanes), so the emulator stops there.
inline void require_full_warp(Exec& x, const Op& op, uint32_t mask, const char* what) {
  if (mask == 0xffffffffu) return;
  x.fail(op, first_lane(mask),
         fmt::format("{}.sync.aligned needs all 32 threads of the warp, active and converged; only lanes 0x{:08x} "
                     "execute it (PTX leaves this undefined)",
                     what, mask));
}

}  // namespace warpsat::simt
