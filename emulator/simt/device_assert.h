// CUDA's assert() in device code compiles to a call of __assertfail, an
// external function the driver supplies: it prints the failed condition and
// stops the kernel. CUTLASS's kernels keep their asserts in the PTX
// (a made-up or mistaken Params struct fires them), so the emulator says
// what failed instead of "call to '__assertfail', which has no body".
#pragma once

#include <cstdint>
#include <string>

namespace warpsat::simt {

class DeviceMemory;

// How device_assert_message begins: a fault that does was an assert.
inline constexpr const char* kDeviceAssertWords = "device-side assertion failed";

// "device-side assertion failed: `cond` (file:line, in function)" from
// __assertfail's arguments (message, file, line, function), its strings read
// from device memory (a string it cannot read is shown as its address).
std::string device_assert_message(const DeviceMemory& memory, uint64_t message, uint64_t file, uint64_t line,
                                  uint64_t function);

}  // namespace warpsat::simt
