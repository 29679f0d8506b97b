#include "encodings/smt_helpers.h"

namespace warpsat::smt {

z3::expr one_of(const z3::expr& var, const std::vector<int64_t>& values) {
  z3::expr_vector alternatives(var.ctx());
  for (int64_t v : values) alternatives.push_back(var == int_val(var.ctx(), v));
  return z3::mk_or(alternatives);
}

std::string indexed(const std::string& prefix, int64_t index) { return prefix + "_" + std::to_string(index); }

}  // namespace warpsat::smt
