// Where inlined code comes from: the `.loc ... function_name F, inlined_at f
// l c` chain of an instruction (frontend/ptx/ir.h, DebugLoc::inlined_at), as
// source positions from the innermost (the line the code is written on) to
// the kernel's own line, each with the function it is in when .debug_str
// names it. CUTLASS inlines everything into device_kernel.h:123; the
// innermost line is where the `if` is.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/ptx/ir.h"

namespace warpsat {

struct SourceFrame {
  uint32_t file = 0, line = 0, column = 0;  // a .file index and position
  std::string function;                     // demangled and shortened; empty: the kernel, or not named
};

// Innermost first; empty without a .loc.
std::vector<SourceFrame> inline_chain(const ptx::Module& m, const ptx::DebugLoc& loc);

// "inl.cu:2 (inner), inlined at inl.cu:6 (middle), inlined at inl.cu:12
// (kern)", `kernel` naming the outermost frame; the position alone when
// nothing was inlined.
std::string inline_chain_text(const ptx::Module& m, const ptx::DebugLoc& loc, std::string_view kernel = {});

// The strings of .section .debug_str by label ("$L__info_string0" ->
// "_Z6middleii"), as nvcc writes them: a label, then .b8 bytes ending in 0.
std::map<std::string, std::string, std::less<>> debug_strings(const ptx::Module& m);

}  // namespace warpsat
