#include "frontend/analysis/statistics.h"

namespace warpsat::analysis {

using ptx::Opcode;
using ptx::ScalarType;

std::string_view to_string(Category c) {
  switch (c) {
    case Category::Integer: return "integer";
    case Category::Fp16: return "fp16/bf16";
    case Category::Fp32: return "fp32";
    case Category::Fp64: return "fp64";
    case Category::Memory: return "memory";
    case Category::Control: return "control";
    case Category::Sync: return "synchronisation";
    case Category::Tensor: return "tensor core";
    case Category::Other: return "other";
  }
  return "?";
}

std::string_view to_string(MemorySpace s) {
  switch (s) {
    case MemorySpace::Global: return "global";
    case MemorySpace::Shared: return "shared";
    case MemorySpace::Local: return "local";
    case MemorySpace::Param: return "param";
    case MemorySpace::Const: return "const";
    case MemorySpace::Generic: return "generic";
    case MemorySpace::Texture: return "texture";
  }
  return "?";
}

MemorySpace memory_space(const ptx::Instruction& ins) {
  if (ins.op == Opcode::Tex || ins.op == Opcode::Tld4 || ins.op == Opcode::Txq || ins.op == Opcode::Suld ||
      ins.op == Opcode::Sust || ins.op == Opcode::Sured || ins.op == Opcode::Suq)
    return MemorySpace::Texture;
  switch (ins.space().value_or(ptx::StateSpace::Generic)) {
    case ptx::StateSpace::Global: return MemorySpace::Global;
    case ptx::StateSpace::Shared: return MemorySpace::Shared;
    case ptx::StateSpace::Local: return MemorySpace::Local;
    case ptx::StateSpace::Param: return MemorySpace::Param;
    case ptx::StateSpace::Const: return MemorySpace::Const;
    case ptx::StateSpace::Tex: return MemorySpace::Texture;
    default: return MemorySpace::Generic;
  }
}

Category categorize(const ptx::Instruction& ins) {
  switch (ptx::opcode_kind(ins.op)) {
    case ptx::OpcodeKind::Control: return Category::Control;
    case ptx::OpcodeKind::Sync: return Category::Sync;
    case ptx::OpcodeKind::Tensor: return Category::Tensor;
    case ptx::OpcodeKind::Mem: return Category::Memory;
    case ptx::OpcodeKind::Misc: return Category::Other;
    case ptx::OpcodeKind::Mov: return ins.op == Opcode::Prmt ? Category::Integer : Category::Other;
    case ptx::OpcodeKind::Arith: break;
  }
  if (ins.op == Opcode::Unknown) return Category::Other;
  unsigned widest = 0;
  for (auto m : ins.modifiers) {
    auto t = ptx::parse_scalar_type(m);
    if (!t || !ptx::is_float(*t)) continue;
    unsigned w = *t == ScalarType::F64 ? 64 : (*t == ScalarType::F32 || *t == ScalarType::TF32) ? 32 : 16;
    widest = std::max(widest, w);
  }
  if (widest == 64) return Category::Fp64;
  if (widest == 32) return Category::Fp32;
  if (widest == 16) return Category::Fp16;
  return Category::Integer;
}

void StaticCounts::add(const ptx::Instruction& ins) {
  ++instructions;
  Category c = categorize(ins);
  ++by_category[static_cast<size_t>(c)];
  if (c == Category::Memory) ++by_space[static_cast<size_t>(memory_space(ins))];
}

StaticCounts& StaticCounts::operator+=(const StaticCounts& o) {
  instructions += o.instructions;
  for (size_t i = 0; i < kCategoryCount; ++i) by_category[i] += o.by_category[i];
  for (size_t i = 0; i < kMemorySpaceCount; ++i) by_space[i] += o.by_space[i];
  return *this;
}

StaticCounts count_instructions(const ptx::Function& f) {
  StaticCounts c;
  for (const auto& ins : f.instructions) c.add(ins);
  return c;
}

}  // namespace warpsat::analysis
