// libFuzzer target for launch TOML files: any text is read or rejected with
// an InputError; an accepted one is launched on a small kernel under tight
// emulator budgets (steps, CTAs, bytes), which must end it with a result or
// an InputError, never a crash, a hang or unbounded memory.
// Build and run: docs/fuzzing.md.
#include <cstdint>
#include <string>

#include "emulator/simt/emulator.h"
#include "emulator/simt/launch.h"
#include "frontend/diagnostics.h"
#include "frontend/launch_file.h"
#include "frontend/ptx/parser.h"

namespace {

// collatz_steps, small: a data-dependent loop over a buffer.
const char* kKernel = R"(.version 7.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 in, .param .u64 out, .param .u32 n)
{
  .reg .pred %p<3>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<6>;
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [out];
  ld.param.u32 %r1, [n];
  mov.u32 %r2, %tid.x;
  setp.ge.u32 %p1, %r2, %r1;
  @%p1 bra DONE;
  mul.wide.u32 %rd3, %r2, 4;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.u32 %r3, [%rd4];
  mov.u32 %r4, 0;
LOOP:
  setp.le.u32 %p2, %r3, 1;
  @%p2 bra STORE;
  shr.u32 %r3, %r3, 1;
  add.u32 %r4, %r4, 1;
  bra.uni LOOP;
STORE:
  add.s64 %rd5, %rd2, %rd3;
  st.global.u32 [%rd5], %r4;
DONE:
  ret;
}
)";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace warpsat;
  static const ptx::Module module = ptx::parse_module(kKernel, "k.ptx");
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    LaunchFile file = parse_launch_file(text, "fuzz.toml");
    simt::Launch launch = simt::launch_from_file(module, file);
    simt::EmulatorOptions o;
    o.max_steps = 1 << 16;
    o.max_ctas = 64;
    o.max_launch_bytes = uint64_t{1} << 24;
    o.max_shared_bytes = uint64_t{1} << 16;
    o.max_register_bytes = uint64_t{1} << 24;
    simt::run_kernel(module, launch, o);
  } catch (const InputError&) {
  }
  return 0;
}
