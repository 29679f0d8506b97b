// The reverse of launch_file.h: a commented launch TOML for a kernel's
// parameters (`warpsat launch-template`), with placeholder values that
// read_launch_file and the emulator accept as they are.
#pragma once

#include <string>

#include "frontend/ptx/ir.h"
#include "frontend/source_condition.h"

namespace warpsat {

// The kernel of `m` called `name`; with `name` empty, the module's only
// kernel. Errors (no such kernel, several and none named) list the kernels.
const ptx::Function& template_kernel(const ptx::Module& m, const std::string& name);

// A launch file for `kernel`: one [[param]] per parameter with its PTX type
// in a comment; pointer-sized integers as buffers of one element per thread,
// typed as the kernel loads and stores through them where those accesses
// agree on one type (u32 otherwise, with why), other scalars as zero of the
// parameter's type, structs passed by value as zero bytes. With `sources`,
// parameters are named as the kernel's CUDA declaration names them, where
// exactly one declaration fits (kernel_source.h).
std::string launch_template(const ptx::Module& m, const ptx::Function& kernel, const SourceFiles* sources = nullptr);

}  // namespace warpsat
