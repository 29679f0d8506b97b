#pragma once
// What several emulator unit tests need: a word of a result buffer, and the
// error a launch ends in.

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "emulator/simt/emulator.h"

namespace warpsat::simt::test {

// The i-th 32-bit word of a buffer, as the kernel stored it.
inline uint32_t word(const std::vector<uint8_t>& b, size_t i) {
  uint32_t v;
  std::memcpy(&v, b.data() + 4 * i, 4);
  return v;
}

// The message of the EmulationError the launch throws, or "" when it runs.
inline std::string error_of(const ptx::Module& m, const Launch& l) {
  try {
    run_kernel(m, l);
  } catch (const EmulationError& e) {
    return e.what();
  }
  return "";
}

}  // namespace warpsat::simt::test
