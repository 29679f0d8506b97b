#include "emulator/simt/device_assert.h"

#include <fmt/format.h>

#include "emulator/simt/memory.h"

namespace warpsat::simt {

namespace {

// A NUL-terminated string at a device address, at most 512 characters; its
// address in hex when no allocation holds it.
std::string device_string(const DeviceMemory& memory, uint64_t address) {
  constexpr size_t kMost = 512;
  std::string out;
  for (size_t i = 0; i < kMost; ++i) {
    const Allocation* a = memory.find(address + i, 1);
    if (!a) return i == 0 ? fmt::format("0x{:x}", address) : out;
    char c = 0;
    a->read(address + i - a->base(), &c, 1);
    if (c == 0) return out;
    out += c;
  }
  return out + "...";
}

}  // namespace

std::string device_assert_message(const DeviceMemory& memory, uint64_t message, uint64_t file, uint64_t line,
                                  uint64_t function) {
  return fmt::format("{}: `{}` ({}:{}, in {})", kDeviceAssertWords, device_string(memory, message),
                     device_string(memory, file), line, device_string(memory, function));
}

}  // namespace warpsat::simt
