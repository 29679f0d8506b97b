// Static instruction counts of a function, by the categories `warpsat
// inspect` reports.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "frontend/ptx/ir.h"

namespace warpsat::analysis {

enum class Category : uint8_t { Integer, Fp16, Fp32, Fp64, Memory, Control, Sync, Tensor, Other };
inline constexpr size_t kCategoryCount = 9;
std::string_view to_string(Category c);  // "integer", "fp16/bf16", ...

// fp16 covers f16, bf16 and their packed and fp8 forms; a float instruction
// counts under its widest float type (cvt.f64.f32 is fp64); data movement
// (mov, cvta, ...) is Other; warp collectives (shfl, vote, ...) are Sync.
Category categorize(const ptx::Instruction& ins);

// The memory buckets: a memory instruction's first state space.
enum class MemorySpace : uint8_t { Global, Shared, Local, Param, Const, Generic, Texture };
inline constexpr size_t kMemorySpaceCount = 7;
std::string_view to_string(MemorySpace s);
MemorySpace memory_space(const ptx::Instruction& ins);

struct StaticCounts {
  uint64_t instructions = 0;
  std::array<uint64_t, kCategoryCount> by_category{};
  std::array<uint64_t, kMemorySpaceCount> by_space{};
  void add(const ptx::Instruction& ins);
  StaticCounts& operator+=(const StaticCounts& o);
};

StaticCounts count_instructions(const ptx::Function& f);

}  // namespace warpsat::analysis
