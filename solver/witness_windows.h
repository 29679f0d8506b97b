// Where a witness search puts the pointers a replay must be able to follow
// (docs/branches.md, "The replay"): each pointer parameter, and each
// pointer field of a large by-value struct (CUTLASS's Params), gets a
// device window of its own, from 2^40 on, 2^34 bytes apart, the pointer in
// its window's first 2^30 bytes. The replay (MadeUpLaunches::witness)
// allocates those windows and writes the loaded values the witness chose
// into them. Without the fields, a pointer held in a struct was any word:
// the model chose 0, and the replay stopped at a null pointer.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <z3++.h>

#include "encodings/branch_encoding.h"
#include "frontend/analysis/reaching_defs.h"
#include "frontend/ptx/ir.h"

namespace warpsat {

constexpr uint64_t kWitnessWindowBase = uint64_t{1} << 40;
constexpr uint64_t kWitnessWindowStride = uint64_t{1} << 34;
constexpr uint64_t kWitnessPointerSpan = uint64_t{1} << 30;  // where in its window a pointer lies
constexpr size_t kWitnessWindows = 64;                        // up to kSpareWindowBase (made_up_launch.h)
constexpr uint64_t witness_window(size_t i) { return kWitnessWindowBase + uint64_t{i} * kWitnessWindowStride; }

// A 64-bit pointer parameter of a 64-bit module.
bool is_pointer_param(const ptx::Module& m, const ptx::Variable& p);

// Per parameter (by index): the offsets of the 8-byte fields a by-value
// struct of at least kLargeStructBytes holds pointers in (those the kernel
// loads and uses as an address, frontend/analysis/struct_fields.h); empty
// for every other parameter. Smaller structs (CUB's) keep their words
// small, as before, but with `any_size` (the launches searched for to reach
// a uniform branch: a struct word no query reads would otherwise send
// CUB's ArgIndexInputIterator, 16 bytes, to address 0x1c00).
std::vector<std::vector<uint32_t>> struct_pointer_fields(const ptx::Module& m, const ptx::Function& f,
                                                         const analysis::ReachingDefs& defs, bool any_size = false);

// A pointer the witness search places: a pointer parameter's term, or the
// 64 bits of a struct parameter's term at a field's offset.
struct WitnessPointer {
  z3::expr term;
  uint64_t window;       // its window's first byte
  std::string param;     // the parameter it is, or lies in
  bool field = false;    // a struct field (at `offset`), not a parameter
  uint32_t offset = 0;
};

// The encoding's pointers, each with its window: the pointer parameters in
// the encoding's order, then the struct fields; at most kWitnessWindows.
std::vector<WitnessPointer> witness_pointers(const BranchEncoding& e, const ptx::Module& m, const ptx::Function& f,
                                             const std::vector<std::vector<uint32_t>>& fields);

// Whether bits [lo, lo + bits) of parameter `name`'s term overlap one of its
// pointer fields.
bool overlaps_pointer_field(const ptx::Function& f, const std::vector<std::vector<uint32_t>>& fields,
                            const std::string& name, unsigned lo, unsigned bits);

}  // namespace warpsat
