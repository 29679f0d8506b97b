// A kernel's parameters as its CUDA source declares them: nvcc -lineinfo
// PTX names the source files (.file) but not the parameters (they are
// KERNEL_param_N), so `launch-template` reads the `__global__` declaration
// of the kernel in the files its .loc lines point to, and uses the names
// only when exactly one declaration there fits the PTX parameters
// (docs/launch-files.md, "Parameter names").
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/ptx/ir.h"
#include "frontend/source_condition.h"

namespace warpsat {

struct SourceParameters {
  std::vector<std::string> names;  // one per PTX parameter; empty for an unnamed one
  std::vector<std::string> types;  // as written, whitespace collapsed
  std::string where;               // "file.cu:12", the declaration's line
};

// The parameter types of a mangled C++ kernel's signature, demangled:
// "void f<int>(float*, int)" -> {"float*", "int"}. Nothing for a name that
// is not mangled (extern "C").
std::optional<std::vector<std::string>> demangled_parameters(std::string_view mangled);

// The declaration of `kernel` (by its function name, demangled) in the
// source files of its .loc lines whose parameters agree with the PTX ones:
// as many, a pointer (`T*`, `T[]`) only where PTX has an address-sized
// integer, and, for a C++ name, where the mangled signature has a pointer.
// Nothing when no file is readable, or when none or several disagreeing
// declarations fit.
std::optional<SourceParameters> source_parameters(const ptx::Module& m, const ptx::Function& kernel,
                                                  const SourceFiles& sources);

}  // namespace warpsat
