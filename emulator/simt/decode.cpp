#include "emulator/simt/decode.h"
#include "emulator/simt/memory_recorder.h"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "emulator/fp/half.h"
#include "emulator/simt/emulator.h"
#include "frontend/analysis/cfg.h"

namespace warpsat::simt {

using ptx::Operand;
using ptx::ScalarType;
using ptx::StateSpace;

uint32_t Program::function_index(std::string_view name) const {
  const ptx::Function* best = module->find_function(name);
  for (uint32_t i = 0; i < module->functions.size(); ++i)
    if (&module->functions[i] == best) return i;
  return kNoSlot;
}

namespace {

uint32_t align_up(uint64_t x, uint64_t a) { return static_cast<uint32_t>((x + a - 1) / a * a); }

uint32_t natural_align(const ptx::Variable& v) {
  if (v.align) return v.align;
  return std::max(1u, ptx::byte_width(v.type) * v.vector);
}

// Lays out variables one after another at their alignment; returns the end.
uint32_t place(const ptx::Variable& v, uint32_t at, std::unordered_map<std::string_view, uint32_t>& offsets) {
  auto it = offsets.find(v.name);
  if (it != offsets.end()) return at;  // redeclared in another { } block: same storage
  uint32_t off = align_up(at, natural_align(v));
  offsets[v.name] = off;
  return off + static_cast<uint32_t>(std::max<uint64_t>(v.size_bytes(), 1));
}

}  // namespace

std::vector<uint32_t> kernel_param_offsets(const ptx::Function& k, uint32_t* total) {
  std::vector<uint32_t> out;
  uint32_t at = 0;
  for (const ptx::Variable& p : k.params) {
    at = align_up(at, natural_align(p));
    out.push_back(at);
    at += static_cast<uint32_t>(p.size_bytes());
  }
  if (total) *total = at;
  return out;
}

Decoder::Decoder(Program& program, FunctionCode& code, const analysis::Cfg& cfg) : program_(program), code_(code) {
  const ptx::Function& f = *code.function;
  // Registers (register_slots.cpp): one slot per element of a vector
  // register; scalars whose live spans do not overlap share one; then one
  // scratch slot for `_` destinations; constants follow (constant()).
  reg_slot_ = assign_register_slots(f, cfg, code.slot_mask, code.zero_at_entry);
  code.register_slots = static_cast<uint32_t>(code.slot_mask.size());
  scratch_ = code.register_slots++;
  code.slot_mask.push_back(~uint64_t{0});
  code.carry = code.register_slots++;
  code.slot_mask.push_back(1);
  // addc may read the carry before any add.cc writes it.
  code.zero_at_entry.push_back(code.carry);
  // The per-lane .param area: returns, parameters, then body .param variables.
  uint32_t at = 0;
  for (auto* list : {&f.returns, &f.params})
    for (const ptx::Variable& v : *list)
      if (v.space == StateSpace::Param) at = place(v, at, param_offsets_);
  for (const ptx::Variable& v : f.variables)
    if (v.space == StateSpace::Param) at = place(v, at, param_offsets_);
  code.param_bytes = align_up(at, 8);
  // .reg parameters and returns are registers named like the parameter.
  auto register_named = [&](std::string_view name) {
    for (uint32_t i = 0; i < f.registers.size(); ++i)
      if (!f.registers[i].in_range && f.registers[i].prefix == name) return i;
    return kNoSlot;
  };
  for (const ptx::Variable& v : f.params)
    if (v.space == StateSpace::Param) {
      code.param_offsets.push_back(param_offsets_[v.name]);
    } else {
      uint32_t r = register_named(v.name);
      code.param_registers.push_back(reg_slot_[r]);
      code.param_register_widths.push_back(f.registers[r].vector);
    }
  for (const ptx::Variable& v : f.returns)
    if (v.space == StateSpace::Param) {
      code.return_offsets.push_back(param_offsets_[v.name]);
    } else {
      uint32_t r = register_named(v.name);
      code.return_registers.push_back(reg_slot_[r]);
      code.return_register_widths.push_back(f.registers[r].vector);
    }
  // .local variables.
  at = 0;
  for (const ptx::Variable& v : f.variables)
    if (v.space == StateSpace::Local) at = place(v, at, local_offsets_);
  code.local_bytes = align_up(at, 16);
  if (f.is_entry) {
    std::vector<uint32_t> offs = kernel_param_offsets(f, nullptr);
    for (size_t i = 0; i < f.params.size(); ++i) kernel_param_offsets_[f.params[i].name] = offs[i];
  }
}

Slot Decoder::constant(uint64_t value) {
  auto it = constants_.find(value);
  if (it != constants_.end()) return it->second;
  Slot s = code_.register_slots + static_cast<Slot>(code_.constants.size());
  code_.constants.push_back(value);
  constants_[value] = s;
  return s;
}

Slot Decoder::scratch() { return scratch_; }

std::optional<uint64_t> Decoder::symbol_value(std::string_view name, bool generic) const {
  if (auto it = program_.device_addresses.find(name); it != program_.device_addresses.end()) return it->second;
  if (auto it = program_.shared_offsets.find(name); it != program_.shared_offsets.end())
    return generic ? kSharedWindow + it->second : it->second;
  uint32_t fi = program_.function_index(name);
  if (fi != kNoSlot) return kFunctionWindow + uint64_t{fi} * 16;
  return std::nullopt;
}

static uint64_t float_literal_bits(const Operand& o, ScalarType t) {
  // The literal's value as a double, then rounded to the operation's type.
  double d;
  if (o.float_bits == 32) {
    uint32_t b = static_cast<uint32_t>(o.value);
    float f;
    std::memcpy(&f, &b, 4);
    d = f;
  } else {
    std::memcpy(&d, &o.value, 8);
  }
  unsigned w = ptx::bit_width(t);
  if (ptx::is_float(t) && w == 64) {
    uint64_t b;
    std::memcpy(&b, &d, 8);
    return b;
  }
  if (o.float_bits == 32 && (w == 32 || !ptx::is_float(t))) return static_cast<uint32_t>(o.value);
  if (o.float_bits == 64 && !ptx::is_float(t) && w == 64) return static_cast<uint64_t>(o.value);
  float f = static_cast<float>(d);
  uint32_t fb;
  std::memcpy(&fb, &f, 4);
  if (t == ScalarType::F16) return fp::f32_to_f16(fb, fp::Rounding::rn);
  if (t == ScalarType::BF16) return fp::f32_to_bf16(fb, fp::Rounding::rn);
  return fb;
}

Slot Decoder::slot(const Operand& o, ScalarType type) {
  switch (o.kind) {
    case Operand::Kind::Register: return reg_slot_[o.reg] + (o.component ? o.component - 1u : 0u);
    case Operand::Kind::Int: return constant(static_cast<uint64_t>(o.value));
    case Operand::Kind::Float: return constant(float_literal_bits(o, type));
    case Operand::Kind::Sink: return scratch();
    case Operand::Kind::Special: {
      auto c = [&](SpecialSlot base) { return kSpecialBase + static_cast<uint32_t>(base) + (o.component ? o.component - 1u : 0u); };
      switch (o.special) {
        case ptx::SpecialReg::Tid: return c(SpecialSlot::TidX);
        case ptx::SpecialReg::NTid: return c(SpecialSlot::NTidX);
        case ptx::SpecialReg::CtaId: return c(SpecialSlot::CtaIdX);
        case ptx::SpecialReg::NCtaId: return c(SpecialSlot::NCtaIdX);
        case ptx::SpecialReg::LaneId: return c(SpecialSlot::LaneId);
        case ptx::SpecialReg::WarpId: return c(SpecialSlot::WarpId);
        case ptx::SpecialReg::NWarpId: return c(SpecialSlot::NWarpId);
        case ptx::SpecialReg::SmId: return c(SpecialSlot::SmId);
        case ptx::SpecialReg::NSmId: return c(SpecialSlot::NSmId);
        case ptx::SpecialReg::GridId: return c(SpecialSlot::GridId);
        case ptx::SpecialReg::LanemaskEq: return c(SpecialSlot::LanemaskEq);
        case ptx::SpecialReg::LanemaskLe: return c(SpecialSlot::LanemaskLe);
        case ptx::SpecialReg::LanemaskLt: return c(SpecialSlot::LanemaskLt);
        case ptx::SpecialReg::LanemaskGe: return c(SpecialSlot::LanemaskGe);
        case ptx::SpecialReg::LanemaskGt: return c(SpecialSlot::LanemaskGt);
        case ptx::SpecialReg::Clock: return c(SpecialSlot::Clock);
        case ptx::SpecialReg::ClockHi: return c(SpecialSlot::ClockHi);
        case ptx::SpecialReg::Clock64: return c(SpecialSlot::Clock64);
        case ptx::SpecialReg::DynamicSmemSize: return c(SpecialSlot::DynamicSmemSize);
        case ptx::SpecialReg::TotalSmemSize: return c(SpecialSlot::TotalSmemSize);
        case ptx::SpecialReg::ClusterId: return c(SpecialSlot::ClusterIdX);
        case ptx::SpecialReg::NClusterId: return c(SpecialSlot::NClusterIdX);
        case ptx::SpecialReg::ClusterCtaId: return c(SpecialSlot::ClusterCtaIdX);
        case ptx::SpecialReg::ClusterNCtaId: return c(SpecialSlot::ClusterNCtaIdX);
        case ptx::SpecialReg::ClusterCtaRank: return c(SpecialSlot::ClusterCtaRank);
        case ptx::SpecialReg::ClusterNCtaRank: return c(SpecialSlot::ClusterNCtaRank);
        case ptx::SpecialReg::IsExplicitCluster: return c(SpecialSlot::IsExplicitCluster);
        case ptx::SpecialReg::AggrSmemSize: return c(SpecialSlot::AggrSmemSize);
        case ptx::SpecialReg::Other: {
          std::string_view n = o.text;
          if (n == "%globaltimer_hi") return c(SpecialSlot::GlobalTimerHi);
          if (n.starts_with("%globaltimer")) return c(SpecialSlot::GlobalTimer);  // _lo: the low 32 bits
          if (n == "%reserved_smem_offset_end") return c(SpecialSlot::ReservedSmemEnd);
          if (n == "%reserved_smem_offset_cap") return c(SpecialSlot::ReservedSmemCap);
          // _begin, and the two offsets inside the region the driver uses
          // (their values are the driver's; the region's start stands in).
          if (n.starts_with("%reserved_smem_offset_")) return c(SpecialSlot::ReservedSmemBegin);
          return c(SpecialSlot::Zero);
        }
      }
      return c(SpecialSlot::Zero);
    }
    case Operand::Kind::Symbol:
      if (auto v = symbol_value(o.text, true)) return constant(*v);
      throw std::runtime_error(fmt::format("'{}' has no address the emulator can use here", o.text));
    case Operand::Kind::Sum: return slot(o.elements[0], type);
    default: throw std::runtime_error("this operand form is not supported here");
  }
}

void Decoder::slots(const Operand& o, ScalarType type, std::vector<Slot>& out) {
  if (o.kind == Operand::Kind::Vector) {
    for (const Operand& e : o.elements) out.push_back(slot(e, type));
  } else if (o.kind == Operand::Kind::Pair) {
    out.push_back(slot(o.elements[0], type));
    out.push_back(slot(o.elements[1], ScalarType::Pred));
  } else if (o.kind == Operand::Kind::Register && o.component == 0 && function().registers[o.reg].vector > 1) {
    for (unsigned e = 0; e < function().registers[o.reg].vector; ++e) out.push_back(reg_slot_[o.reg] + e);
  } else {
    out.push_back(slot(o, type));
  }
}

MemRef Decoder::memref(const Operand& a, StateSpace space) {
  MemRef m;
  m.space = space;
  if (a.kind != Operand::Kind::Address) {
    // A plain register or symbol used as an address (cp.async, mbarrier, ...).
    m.base = MemRef::Base::Register;
    m.reg = slot(a, ScalarType::U64);
    return m;
  }
  m.offset = a.value;
  const Operand& base = a.elements[0];
  if (base.kind == Operand::Kind::Register) {
    m.base = MemRef::Base::Register;
    m.reg = slot(base, ScalarType::U64);
  } else if (base.kind == Operand::Kind::Int) {
    m.base = MemRef::Base::Absolute;
    m.offset += base.value;
  } else if (base.kind == Operand::Kind::Symbol) {
    std::string_view n = base.text;
    if (auto it = local_offsets_.find(n); it != local_offsets_.end()) {
      m.base = MemRef::Base::LocalVariable;
      m.offset += it->second;
      if (m.space == StateSpace::Generic) m.space = StateSpace::Local;
    } else if (auto it2 = kernel_param_offsets_.find(n); it2 != kernel_param_offsets_.end()) {
      m.base = MemRef::Base::KernelParam;
      m.offset += it2->second;
    } else if (auto it3 = param_offsets_.find(n); it3 != param_offsets_.end()) {
      m.base = MemRef::Base::ParamVariable;
      m.offset += it3->second;
    } else if (auto v = symbol_value(n, space == StateSpace::Generic)) {
      m.base = MemRef::Base::Absolute;
      m.offset += static_cast<int64_t>(*v);
    } else {
      throw std::runtime_error(fmt::format("'{}' is not a variable the emulator knows", n));
    }
  } else {
    throw std::runtime_error("unsupported address form");
  }
  return m;
}

uint32_t Decoder::label_pc(std::string_view label) const {
  const ptx::Label* l = function().find_label(label);
  if (!l) throw std::runtime_error(fmt::format("unknown label '{}'", label));
  return l->instruction;
}

void Decoder::fill_common(const ptx::Instruction& ins, Op& op) {
  op.index = static_cast<uint32_t>(&ins - function().instructions.data());
  if (ins.has_guard) {
    op.guard = slot(ins.guard, ScalarType::Pred);
    op.guard_negated = ins.guard.negated;
  }
  op.type = ins.type();
  op.category = analysis::categorize(ins);
  op.fp_precision = op.category == analysis::Category::Fp16   ? 16
                    : op.category == analysis::Category::Fp32 ? 32
                    : op.category == analysis::Category::Fp64 ? 64
                                                              : 0;
  op.is_branch = ins.op == ptx::Opcode::Bra || ins.op == ptx::Opcode::Brx;
  op.atomic = ins.op == ptx::Opcode::Atom || ins.op == ptx::Opcode::Red;
}

void run_unsupported(Exec& x, const Op& op, uint32_t mask) {
  const ptx::Instruction& ins = x.frame.code->function->instructions[op.index];
  std::string text = ins.name.data() ? std::string(ins.name) : "?";
  for (auto m : ins.modifiers) text += "." + std::string(m);
  unsigned lane = static_cast<unsigned>(__builtin_ctz(mask ? mask : 1));
  x.fail(op, lane, fmt::format("the emulator does not implement '{}'", text));
}

namespace {

void decode_function(Program& program, FunctionCode& code) {
  const ptx::Function& f = *code.function;
  analysis::Cfg cfg = analysis::build_cfg(f, program.module->source);
  Decoder d(program, code, cfg);
  code.ops.resize(f.instructions.size());
  for (size_t i = 0; i < f.instructions.size(); ++i) {
    const ptx::Instruction& ins = f.instructions[i];
    Op& op = code.ops[i];
    d.fill_common(ins, op);
    try {
      bool decoded = decode_cluster(d, ins, op) || decode_tensormap(d, ins, op) || decode_tma(d, ins, op) || decode_control(d, ins, op) ||
                     decode_integer(d, ins, op) || decode_float(d, ins, op) ||
                     decode_move(d, ins, op) || decode_memory(d, ins, op) || decode_atomic(d, ins, op) ||
                     decode_mbarrier(d, ins, op) ||
                     decode_warp(d, ins, op) || decode_matrix_move(d, ins, op) || decode_mma(d, ins, op) ||
                     decode_wgmma(d, ins, op) || decode_video(d, ins, op);
      if (!decoded) op.run = run_unsupported;
      else op.mem_access = classify_memory_access(ins, op);
    } catch (const std::exception&) {
      // An operand form this family cannot execute: fail if it ever runs.
      op.run = run_unsupported;
      op.control = Control::None;
    }
  }
  code.slot_mask.resize(code.register_slots + code.constants.size(), ~uint64_t{0});
  contract_mul_add(f, cfg, code);
  // Where each branch's paths meet again: the first instruction of its
  // block's immediate post-dominator.
  for (size_t i = 0; i < code.ops.size(); ++i) {
    Op& op = code.ops[i];
    if (op.control != Control::Branch && op.control != Control::BranchIndexed) continue;
    uint32_t r = cfg.ipdom[cfg.block_of[i]];
    op.reconverge = (r == analysis::kNone || r == cfg.exit_node()) ? kExitPc : cfg.blocks[r].first;
  }
}

void write_initializer(const Program& program, const ptx::Variable& v, const ptx::Initializer& init,
                       std::vector<uint8_t>& out, unsigned width) {
  auto put = [&](uint64_t bits) {
    for (unsigned i = 0; i < width; ++i) out.push_back(static_cast<uint8_t>(bits >> (8 * i)));
  };
  switch (init.kind) {
    case ptx::Initializer::Kind::List:
      for (const auto& item : init.items) write_initializer(program, v, item, out, width);
      break;
    case ptx::Initializer::Kind::Int: put(static_cast<uint64_t>(init.value)); break;
    case ptx::Initializer::Kind::Float: {
      Operand o;
      o.kind = Operand::Kind::Float;
      o.value = init.value;
      o.float_bits = init.float_bits;
      put(float_literal_bits(o, v.type));
      break;
    }
    case ptx::Initializer::Kind::Symbol:
    case ptx::Initializer::Kind::Generic: {
      uint64_t addr = 0;
      if (auto it = program.device_addresses.find(init.text); it != program.device_addresses.end()) addr = it->second;
      else if (auto s = program.shared_offsets.find(init.text); s != program.shared_offsets.end())
        addr = (init.kind == ptx::Initializer::Kind::Generic ? kSharedWindow : 0) + s->second;
      else if (uint32_t fi = program.function_index(init.text); fi != kNoSlot)
        addr = kFunctionWindow + uint64_t{fi} * 16;
      put(addr + static_cast<uint64_t>(init.value));
      break;
    }
  }
}

}  // namespace

void ensure_decoded(Program& p, uint32_t index) {
  FunctionCode& code = p.functions.at(index);
  if (code.function->has_body && !code.decoded) {
    code.decoded = true;
    decode_function(p, code);
  }
}

Program& ProgramCache::adopt(Program fresh) {
  bool same = program_ && program_->module == fresh.module &&
              program_->device_addresses == fresh.device_addresses && program_->shared_offsets == fresh.shared_offsets &&
              program_->static_shared_bytes == fresh.static_shared_bytes &&
              program_->dynamic_shared_offset == fresh.dynamic_shared_offset;
  if (!same) program_ = std::make_unique<Program>(std::move(fresh));
  return *program_;
}

Program load_program(const ptx::Module& m, DeviceMemory& memory) {
  Program p;
  p.module = &m;
  // Device memory for .global and .const variables (module scope, and
  // function scope, which PTX also allows).
  std::vector<const ptx::Variable*> device_vars;
  for (const ptx::Variable& v : m.variables) device_vars.push_back(&v);
  for (const ptx::Function& f : m.functions)
    for (const ptx::Variable& v : f.variables) device_vars.push_back(&v);
  for (const ptx::Variable* v : device_vars)
    if ((v->space == StateSpace::Global || v->space == StateSpace::Const) && v->linkage != ptx::Linkage::Extern &&
        !p.device_addresses.count(v->name))
      p.device_addresses[v->name] = memory.allocate(std::string(v->name), std::max<uint64_t>(v->size_bytes(), 1),
                                                    natural_align(*v));
  for (const ptx::Variable* v : device_vars) {
    if (!v->has_init || !p.device_addresses.count(v->name)) continue;
    std::vector<uint8_t> bytes;
    write_initializer(p, *v, v->init, bytes, std::max(1u, ptx::byte_width(v->type)));
    bytes.resize(std::min<uint64_t>(bytes.size(), v->size_bytes()));
    Allocation* a = memory.find(p.device_addresses[v->name], bytes.size());
    if (a && !bytes.empty()) a->write(0, bytes.data(), bytes.size());
  }
  // Shared memory: static variables of the module and of every function,
  // then the dynamic (extern, unsized) region they all alias.
  std::unordered_map<std::string_view, uint32_t> shared;
  uint32_t at = 0, dynamic_align = 16;
  std::vector<const ptx::Variable*> dynamic;
  auto add_shared = [&](const ptx::Variable& v) {
    if (v.space != StateSpace::Shared) return;
    bool is_dynamic = v.linkage == ptx::Linkage::Extern || (!v.dims.empty() && v.dims[0] == 0);
    if (is_dynamic) {
      dynamic.push_back(&v);
      dynamic_align = std::max(dynamic_align, natural_align(v));
    } else {
      at = place(v, at, shared);
    }
  };
  for (const ptx::Variable& v : m.variables) add_shared(v);
  for (const ptx::Function& f : m.functions)
    for (const ptx::Variable& v : f.variables) add_shared(v);
  p.static_shared_bytes = at;
  p.dynamic_shared_offset = align_up(at, dynamic_align);
  for (const ptx::Variable* v : dynamic) shared[v->name] = p.dynamic_shared_offset;
  for (const auto& [name, off] : shared) p.shared_offsets[name] = off;

  p.functions.resize(m.functions.size());
  for (uint32_t i = 0; i < m.functions.size(); ++i) {
    p.functions[i].function = &m.functions[i];
    p.functions[i].index = i;
  }
  return p;
}

}  // namespace warpsat::simt
