// Decoding PTX instructions into Ops. decode.cpp lays out registers,
// variables and parameters and resolves operands; each exec_*.cpp decodes
// and executes one family of instructions.
#pragma once

#include <map>
#include <string>
#include <unordered_map>

#include "emulator/simt/program.h"
#include "emulator/simt/state.h"
#include "frontend/analysis/cfg.h"

namespace warpsat::simt {

class Decoder {
 public:
  Decoder(Program& program, FunctionCode& code, const analysis::Cfg& cfg);

  const ptx::Function& function() const { return *code_.function; }
  const ptx::Module& module() const { return *program_.module; }
  Program& program() { return program_; }
  FunctionCode& code() { return code_; }

  // The slot of a register, an immediate (converted to `type` when it is a
  // float literal) or a special register. Vector operands are not allowed.
  Slot slot(const ptx::Operand& o, ptx::ScalarType type);
  // All slots of an operand: one for a scalar, one per element of a vector
  // (or of a whole vector register), two for a pair.
  void slots(const ptx::Operand& o, ptx::ScalarType type, std::vector<Slot>& out);
  Slot constant(uint64_t value);
  Slot scratch();  // a slot for `_` destinations
  // The memory reference of an address operand, for an instruction whose
  // state space is `space` (Generic when it has none).
  MemRef memref(const ptx::Operand& address, ptx::StateSpace space);
  // A symbol's address as a value: device address, shared offset (or its
  // generic form), or nullopt for locals/params (which need the frame).
  std::optional<uint64_t> symbol_value(std::string_view name, bool generic) const;
  uint32_t label_pc(std::string_view label) const;

  void fill_common(const ptx::Instruction& ins, Op& op);  // guard, type, index, metrics

 private:
  Program& program_;
  FunctionCode& code_;
  std::vector<Slot> reg_slot_;  // RegId -> first slot
  std::map<uint64_t, Slot> constants_;
  Slot scratch_ = kNoSlot;
  std::unordered_map<std::string_view, uint32_t> local_offsets_, param_offsets_, kernel_param_offsets_;
  friend void layout_function(Decoder&);
};

// The first slot of each register of `f` (f.registers order), appending
// each slot's width mask to `masks` (register_slots.cpp).
// `zero_at_entry` gets the slots whose value at entry matters (registers
// read before any write, .reg parameters and returns): the only ones a
// reused frame must clear.
std::vector<Slot> assign_register_slots(const ptx::Function& f, const analysis::Cfg& cfg, std::vector<uint64_t>& masks,
                                        std::vector<Slot>& zero_at_entry);

// Lays out the module: device memory for .global/.const variables (with
// their initialisers) and the CTA's shared variables. Functions are decoded
// on first use (ensure_decoded), so a module of hundreds of kernels costs
// only what one launch runs.
class DeviceMemory;
Program load_program(const ptx::Module& m, DeviceMemory& memory);
// Decodes function `index` if it has a body and is not decoded yet.
void ensure_decoded(Program& p, uint32_t index);

// Kernel parameter layout (offset of each parameter) and total size.
std::vector<uint32_t> kernel_param_offsets(const ptx::Function& kernel, uint32_t* total_bytes);

// Family decoders: each returns false when the instruction is not its family.
bool decode_integer(Decoder& d, const ptx::Instruction& ins, Op& op);
bool decode_float(Decoder& d, const ptx::Instruction& ins, Op& op);
// ptxas's contraction of mul.f32 into add.f32/sub.f32 (contraction.cpp);
// these say which ops qualify and rewrite the add (exec_float.cpp).
bool is_contractible_mul(const Op& op);
bool is_contractible_add(const Op& op, const Op& mul);
void contract_into(Op& add, const Op& mul, bool product_first);
void contract_mul_add(const ptx::Function& f, const analysis::Cfg& cfg, FunctionCode& code);
bool decode_move(Decoder& d, const ptx::Instruction& ins, Op& op);
bool decode_memory(Decoder& d, const ptx::Instruction& ins, Op& op);
bool decode_atomic(Decoder& d, const ptx::Instruction& ins, Op& op);
bool decode_mbarrier(Decoder& d, const ptx::Instruction& ins, Op& op);
bool decode_cluster(Decoder& d, const ptx::Instruction& ins, Op& op);  // mapa, getctarank, barrier.cluster, setmaxnreg
bool decode_tma(Decoder& d, const ptx::Instruction& ins, Op& op);      // bulk copies, fence.proxy.async, prefetch.tensormap
bool decode_tensormap(Decoder& d, const ptx::Instruction& ins, Op& op);  // tensormap.replace, .cp_fenceproxy, fence.proxy.tensormap
bool decode_warp(Decoder& d, const ptx::Instruction& ins, Op& op);
bool decode_control(Decoder& d, const ptx::Instruction& ins, Op& op);
bool decode_matrix_move(Decoder& d, const ptx::Instruction& ins, Op& op);  // ldmatrix, stmatrix, movmatrix
bool decode_mma(Decoder& d, const ptx::Instruction& ins, Op& op);
bool decode_wgmma(Decoder& d, const ptx::Instruction& ins, Op& op);  // exec_wgmma.cpp
bool decode_video(Decoder& d, const ptx::Instruction& ins, Op& op);

// The handler of instructions the emulator does not implement: stops the
// run naming the instruction and its PTX line.
void run_unsupported(Exec& x, const Op& op, uint32_t mask);

// Width mask of a type's bits.
inline uint64_t type_mask(ptx::ScalarType t) {
  unsigned bits = ptx::bit_width(t);
  return bits >= 64 || bits == 0 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
}

}  // namespace warpsat::simt
