#pragma once
// What several emulator unit tests need: a word of a result buffer, the
// error a launch ends in, a repository path, and the hash the tests that
// hold a GPU's results compare with.

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

// A path in the repository.
inline std::string repo(const std::string& path) { return std::string(WARPSAT_SOURCE_DIR) + "/" + path; }

// FNV-1a of a buffer: tests/unit/test_tensor_core_hardware.cpp and
// test_contraction.cpp hold a GPU's output bytes this way.
inline uint64_t fnv1a(const std::vector<uint8_t>& bytes) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (uint8_t b : bytes) {
    h ^= b;
    h *= 0x100000001b3ull;
  }
  return h;
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
