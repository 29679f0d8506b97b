// How a kernel reads the parameters it takes by value as byte arrays (a C++
// struct: `.param .align 8 .b8 Params[1024]`): each field it loads, at
// which offset, how wide, and what the loaded value is used for. CUTLASS
// reads its Params both through `ld.param` at an offset of the parameter
// (directly, or through a register holding the parameter's address plus a
// constant) and through generic loads of `cvta.param` of that address;
// both count.
//
// A replay that must make up a struct's bytes (solver/made_up_launch.cpp)
// gives each field a value fit for its use: pointers that lead to memory,
// small integers, ordinary floats. Without it, one 64-bit loop bound made
// of two small 32-bit words is 2^32 times too large, and a nullable
// pointer made of small words points nowhere.
#pragma once

#include <cstdint>
#include <vector>

#include "frontend/analysis/reaching_defs.h"
#include "frontend/ptx/ir.h"

namespace warpsat::analysis {

enum class FieldUse : uint8_t {
  Integer,     // anything not below
  Multiplier,  // a factor of a mul.hi, after moves and conversions
  Float,       // loaded as .f32/.f64 (alpha, beta, scales)
  Address,     // the base of a load, store or atomic, after moves, cvta and address arithmetic
};
// Multiplier is how CUTLASS's fast divisions show: FastDivmod {int
// divisor; unsigned multiplier, shift_right} and FastDivmodU64 {u64
// divisor, multiplier; u32 shift_right, round_up}, whose quotient the
// kernel reads as mul.hi(x, multiplier) >> shift. Made-up bytes must make
// the members of one agree (solver/made_up_launch.cpp), or a grouped
// GEMM's every tile count is 0.

struct StructField {
  uint32_t offset = 0;  // bytes from the start of the parameter
  uint8_t bytes = 0;    // 1, 2, 4 or 8
  FieldUse use = FieldUse::Integer;
  // An Address field through which the kernel loads 8 bytes that it uses
  // as an address in turn (CUTLASS's pointer-array kernels: ptr_A[batch]).
  bool points_to_pointers = false;
};

// Per parameter of `kernel` (by index): the fields it loads, sorted by
// offset, one entry per (offset, width). A field read several ways takes
// the strongest use (Address over Float over Integer). Parameters that are
// not byte arrays, or whose address leaves the analysis's view, may have
// fields it does not see: callers keep a fill for the bytes no field
// covers.
std::vector<std::vector<StructField>> struct_field_uses(const ptx::Function& kernel, const ReachingDefs& defs);

}  // namespace warpsat::analysis
