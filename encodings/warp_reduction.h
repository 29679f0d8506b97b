// Warp reductions in the whole-warp branch encoding (docs/branches.md).
//
// A butterfly all-reduce (x = op(x, shfl.bfly(x, o)) for o = 16, 8, 4, 2, 1)
// leaves every lane with op over all 32 lanes' inputs, but each lane combines
// them in a different order. Bit-blasting cannot see that max(max(a,b),
// max(c,d)) equals max(max(c,d), max(a,b)) without a long search. So while
// the executor runs a warp, it tags each value that is an associative and
// commutative op over some lanes' inputs, and replaces the value by one
// canonical term (the op folded over those lanes in lane order). Equal lane
// sets then give the same term in every lane, and the uniformity proof is
// immediate. The tag holds only under a condition (the warp was whole at the
// shuffles); outside it the value stays what the executor built.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include <z3++.h>

#include "frontend/ptx/ir.h"

namespace warpsat {

struct ReductionTag {
  size_t family = 0;          // whose inputs: one value per lane
  std::string op;             // "" for one lane's input itself, else e.g. "max.u32"
  uint32_t lanes = 0;         // the lanes whose inputs it combines
  std::vector<size_t> steps;  // the shuffles it went through (sorted): it holds when the warp was whole at each
};

bool same_tag(const ReductionTag& a, const ReductionTag& b);

class WarpReductions {
 public:
  explicit WarpReductions(z3::context& c) : c_(c) {}

  // A shuffle step: `whole` says every lane of the warp took part.
  size_t add_step(z3::expr whole);
  // The condition under which a tagged value is its reduction: the warp was
  // whole at every shuffle the tag went through. Equal step sets give one
  // term, so every lane's value is literally the same term.
  z3::expr holds(const ReductionTag& t);

  // A new family: lane k's input is values[k] (32-bit).
  size_t add_family(std::vector<z3::expr> values);
  const std::vector<z3::expr>& family(size_t f) const { return families_.at(f); }

  // The op's name when `ins` is an associative and commutative 32-bit
  // integer op on two registers that a reduction can use; nullopt otherwise.
  static std::optional<std::string> reduction_op(const ptx::Instruction& ins);

  // op(a, b) as a tag, when both reduce the same family with `op` (or are
  // single inputs) and, for ops that are not idempotent, cover disjoint lanes.
  std::optional<ReductionTag> combine(const std::string& op, const ReductionTag& a, const ReductionTag& b) const;

  // The canonical term of a tag: op folded over its lanes' inputs in lane order.
  z3::expr value(const ReductionTag& t);

 private:
  z3::expr apply(const std::string& op, const z3::expr& a, const z3::expr& b) const;

  z3::context& c_;
  std::vector<std::vector<z3::expr>> families_;
  std::vector<z3::expr> steps_;
  std::map<std::vector<size_t>, z3::expr> holds_;
  std::map<std::tuple<size_t, std::string, uint32_t>, z3::expr> folds_;
};

}  // namespace warpsat
