// The meaning of PTX instructions as Z3 bit-vector terms, one thread at a
// time: what the branch analysis (branch_executor.h) executes
// symbolically along a branch's slice. Every register is a bit-vector of its
// declared width (predicates are 1 bit wide). What cannot be expressed
// exactly becomes a fresh value, and the reason is recorded, so that a
// "divergent" found through it is never reported without a replay.
#pragma once

#include <string>
#include <vector>

#include <z3++.h>

#include "frontend/ptx/ir.h"

namespace warpsat {

// What the instruction semantics need from the symbolic executor.
class TermSource {
 public:
  virtual ~TermSource() = default;
  virtual z3::context& ctx() = 0;
  virtual const ptx::Function& function() const = 0;
  // The register's current value in `thread` (0 or 1): a bit-vector of the
  // register's width (ptx::RegId == registers.size() is the carry flag).
  virtual z3::expr reg(int thread, ptx::RegId r) = 0;
  virtual void set_reg(int thread, ptx::RegId r, const z3::expr& v) = 0;
  // %tid.x and friends, as 32-bit vectors.
  virtual z3::expr special(int thread, const ptx::Operand& o) = 0;
  // The address of a variable or function (a constant the same in every thread).
  virtual z3::expr symbol_address(std::string_view name) = 0;
  // A load of `bits` from `address` in `space` by `thread`; `element` is
  // the destination's index in a vector load (0 for a scalar one).
  virtual z3::expr load(int thread, const ptx::Instruction& ins, ptx::StateSpace space, const z3::expr& address,
                        unsigned bits, unsigned element) = 0;
  // ld.param from a kernel parameter: the parameter's value (or nullopt).
  virtual std::optional<z3::expr> kernel_param(std::string_view name, int64_t offset, unsigned bits) = 0;
  // A value the encoding does not model. `warp_uniform`: the same for every
  // lane of a warp at one dynamic instance (vote, redux, ...).
  virtual z3::expr opaque(int thread, const ptx::Instruction& ins, unsigned bits, const std::string& why,
                          bool warp_uniform) = 0;
  // Element `element` of the result of an instruction that computes it
  // from its operands `args` alone (floating point, a texture read): the
  // same value in threads whose operands are the same. `why` is recorded
  // as imprecision: the function is not modelled, only its determinism.
  virtual z3::expr function_of(int thread, const ptx::Instruction& ins, const std::vector<z3::expr>& args,
                               unsigned bits, unsigned element, const std::string& why) = 0;
  // Results built on the uninterpreted function `symbol` are not exact
  // (an approximate floating-point function): `why` is recorded.
  virtual void imprecise(const std::string& symbol, const std::string& why) = 0;
  // Whether floating point is encoded exactly; and that an instruction was.
  virtual bool exact_floats() const { return true; }
  // Whether the lanes of a warp that wait together on one mbarrier phase
  // see one result (BranchEncodingOptions::warp_waits_agree).
  virtual bool warp_waits_agree() const { return false; }
  virtual void uses_float() {}
  // The value register operand `a` holds in lane `lane` (for shfl): a term
  // shared by both threads, equal to the thread's own value in its own lane.
  virtual z3::expr other_lane(int thread, const ptx::Instruction& ins, const z3::expr& own_value,
                              const z3::expr& lane) = 0;
  // elect.sync in `thread` elects lane `leader` (a 32-bit term).
  virtual void elected(int /*thread*/, const ptx::Instruction& /*ins*/, const z3::expr& /*leader*/) {}
};

// Applies `ins` for `thread`: writes its destination registers. The guard is
// the caller's business (it merges old and new values).
void apply_instruction(TermSource& src, int thread, const ptx::Instruction& ins);

// The width in bits of a register's value term.
unsigned register_bits(const ptx::Function& f, ptx::RegId r);

}  // namespace warpsat
