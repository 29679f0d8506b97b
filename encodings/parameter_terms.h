// The one owner of a kernel's parameter terms in a branch encoding
// (docs/branches.md, "Parameters and assumptions").
//
// The invariant: the term an assumption's parameter stands for IS the term
// `ld.param` of that parameter reads, in every encoding the branch analysis
// builds (per branch, per kernel, whole warp, exact floats, linked stores,
// the stores of the `unwritten` queries, the launch-feasibility check).
// Both the slice executor and assumption_term ask this object for a
// parameter, so they cannot disagree: a parameter the launch gives a value
// is that value in both, any other is the constant `param.<name>` of the
// parameter's own width in both. Nothing else in the encodings makes a
// parameter term.
//
// (Before, assumptions were turned into terms before the slice had read any
// parameter, and a parameter not yet read became a fresh 64-bit constant of
// the same name: another symbol, so `--assume 'n == 64'` constrained nothing.)
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <z3++.h>

#include "encodings/branch_options.h"
#include "frontend/assumption.h"
#include "frontend/ptx/ir.h"

namespace warpsat {

class ParameterTerms {
 public:
  ParameterTerms(z3::context& c, const ptx::Function& f, const LaunchSpec& launch);

  // A parameter's width in the encoding: a scalar's (at least 8 bits), an
  // aggregate's (a .b8 array: a struct passed by value) up to 4 KiB; 0
  // for a larger aggregate, which has no term.
  static unsigned bits(const ptx::Variable& p);

  // What `ld.param` of parameter `index` reads: the launch's value where it
  // gives one, else the constant param.<name>. Null for a parameter of
  // width 0.
  std::optional<z3::expr> term(size_t index);
  // The parameter of that PTX name, or null.
  std::optional<size_t> index_of(std::string_view name) const;

  // A parameter as an assumption sees it: term(index) extended to 64 bits,
  // with zeros where its C++ type is unsigned, else with its sign
  // (frontend/assumption.h's parameter_value is the same rule on a
  // concrete launch's bytes). `name` must be the PTX name of a scalar
  // parameter (assumptions_for_kernel resolves paramN and rejects any
  // other name when the assumption is parsed): anything else is warpsat's
  // bug and throws std::logic_error, never a fresh symbol.
  z3::expr assumption_value(std::string_view name);

  // The parameters without a value in the launch that the encoding has used
  // (read by the slice, or named by an assumption), in order of first use:
  // what a witness must give a value for.
  const std::vector<std::pair<std::string, z3::expr>>& free_used() const { return free_used_; }

 private:
  z3::context& c_;
  const ptx::Function& f_;
  const LaunchSpec& launch_;
  std::vector<std::optional<z3::expr>> terms_;  // per parameter, once made
  std::vector<std::pair<std::string, z3::expr>> free_used_;
  std::optional<std::vector<bool>> unsigned_;  // unsigned_scalar_params, once an assumption asks
};

// An assumption as a 64-bit signed term: launch dimensions from `ntid` and
// `nctaid` (32-bit), parameters from `params`.
z3::expr assumption_term(ParameterTerms& params, const std::vector<z3::expr>& ntid,
                         const std::vector<z3::expr>& nctaid, const AssumptionExpr& x);

}  // namespace warpsat
