// Small helpers over Z3's C++ API shared by the encodings. z3::expr already
// owns its term (reference counted), so no further wrapper is needed.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

#include <z3++.h>

namespace warpsat::smt {

inline z3::expr int_val(z3::context& c, int64_t v) { return c.int_val(static_cast<int64_t>(v)); }

inline z3::expr max(const z3::expr& a, const z3::expr& b) { return z3::ite(a >= b, a, b); }

// var ∈ {values...} as a disjunction of equalities.
z3::expr one_of(const z3::expr& var, const std::vector<int64_t>& values);

// The parameters of Z3's plain SMT core (the `simple` solver) wherever the
// branch analysis asks it (each query's quick try, the encoding's
// incremental session, the loop induction): its resource count (0: none)
// and relevancy propagation off. Relevancy filters which atoms the core
// asserts to the bit-vector theory, which pays on formulas with many
// irrelevant disjuncts; the branch encodings are path conditions and
// comparisons the theory has to see anyway, and the filter cost more than
// it saved: CUB's two files 50 s -> 40 s user, with 0.2 and 1.0 points
// more branches decided (docs/benchmarks.md).
inline z3::params smt_core_params(z3::context& c, unsigned rlimit) {
  z3::params p(c);
  if (rlimit) p.set("rlimit", rlimit);
  p.set("relevancy", 0u);
  return p;
}

// A fresh-looking but deterministic constant name: prefix + "_" + index.
std::string indexed(const std::string& prefix, int64_t index);

// A new vector with v's terms. Copying a z3::expr_vector copies a handle to
// the same Z3 vector, so pushing onto the "copy" also changes the original.
inline z3::expr_vector copy_of(const z3::expr_vector& v) {
  z3::expr_vector out(v.ctx());
  for (const z3::expr& e : v) out.push_back(e);
  return out;
}

// Calls visit(x) once for each distinct application reachable from `roots`
// (symbols and numerals included); a `false` from visit ends the walk.
template <class Visit>
void for_each_app(const std::vector<z3::expr>& roots, Visit visit) {
  if (roots.empty()) return;
  Z3_context c = roots.front().ctx();
  std::unordered_set<unsigned> seen;
  std::vector<z3::expr> work(roots.begin(), roots.end());
  while (!work.empty()) {
    z3::expr x = work.back();
    work.pop_back();
    if (!x.is_app() || !seen.insert(Z3_get_ast_id(c, x)).second) continue;
    if (!visit(x)) return;
    for (unsigned k = 0; k < x.num_args(); ++k) work.push_back(x.arg(k));
  }
}

}  // namespace warpsat::smt
