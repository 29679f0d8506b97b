// Building an emulator Launch: from a launch TOML (frontend/launch_file.h),
// or, for profiling a whole module, from each kernel's .reqntid/.maxntid
// with zero-filled buffers (HyPA's convention).
#pragma once

#include "emulator/simt/emulator.h"
#include "frontend/launch_file.h"

namespace warpsat::simt {

// Checks the launch file against the kernel's parameters (their count; a
// buffer for each pointer, a struct for each array or vector, a scalar of a
// fitting type, scalar_type_fits, for the rest) and reports problems at the
// launch file's key. Returns the launch and the element type of each argument.
Launch launch_from_file(const ptx::Module& m, const LaunchFile& file, std::vector<ElementType>* types = nullptr);

struct DefaultLaunchOptions {
  uint32_t block[3] = {0, 0, 0};  // 0: the kernel's .reqntid, else .maxntid, else 128x1x1
  uint32_t grid[3] = {1, 1, 1};
  uint64_t buffer_bytes = uint64_t{64} << 20;  // per pointer parameter (allocated lazily)
  uint64_t dynamic_shared_bytes = 0;
};

// Pointer-sized parameters (.u64/.b64/.s64 with 64-bit addresses, 32-bit
// ones with 32-bit addresses) get a zero-filled buffer; the rest are 0.
Launch default_launch(const ptx::Module& m, const ptx::Function& kernel, const DefaultLaunchOptions& o);

}  // namespace warpsat::simt
