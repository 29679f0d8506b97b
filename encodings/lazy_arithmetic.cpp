#include "encodings/lazy_arithmetic.h"

#include <unordered_set>

#include <fmt/format.h>

namespace warpsat {

namespace {

bool is_division(Z3_decl_kind k) {
  switch (k) {
    case Z3_OP_BUDIV:
    case Z3_OP_BUDIV_I:
    case Z3_OP_BUREM:
    case Z3_OP_BUREM_I:
    case Z3_OP_BSDIV:
    case Z3_OP_BSDIV_I:
    case Z3_OP_BSREM:
    case Z3_OP_BSREM_I:
    case Z3_OP_BSMOD:
    case Z3_OP_BSMOD_I:
      return true;
    default:
      return false;
  }
}

// The internal forms (bvudiv_i, ...) leave division by zero unspecified:
// Z3's simplifier makes them where an ite already handles a zero divisor.
bool zero_divisor_defined(Z3_decl_kind k) {
  return k == Z3_OP_BUDIV || k == Z3_OP_BUREM || k == Z3_OP_BSDIV || k == Z3_OP_BSREM || k == Z3_OP_BSMOD;
}

// A 64-bit product of two values that are not constants (CUB's histogram:
// a sample's offset times the bin count, both sign-extended ints), unless
// an operand is a narrow value widened (thread ids and block sizes, which
// the launch's base multiplies exactly too): their multiplier is small.
// A constant however it is written (the encodings sign-extend numerals).
bool is_constant(const z3::expr& e) { return e.is_numeral() || e.simplify().is_numeral(); }

// Distinct subterms of `e`, counted up to a bound.
size_t term_size(const z3::expr& e, size_t bound = 256) {
  std::vector<z3::expr> work{e};
  std::unordered_set<unsigned> seen;
  while (!work.empty() && seen.size() < bound) {
    z3::expr x = work.back();
    work.pop_back();
    if (!seen.insert(Z3_get_ast_id(x.ctx(), x)).second || !x.is_app()) continue;
    for (unsigned i = 0; i < x.num_args(); ++i) work.push_back(x.arg(i));
  }
  return seen.size();
}

bool is_wide_product(const z3::expr& e, const z3::expr_vector& args, unsigned min_bits = kMinLazyProductBits) {
  if (e.decl().decl_kind() != Z3_OP_BMUL || args.size() != 2 || e.get_sort().bv_size() < min_bits)
    return false;
  for (const z3::expr& a : args) {
    if (is_constant(a)) return false;
    z3::expr inner = a;
    while (inner.is_app() && (inner.decl().decl_kind() == Z3_OP_ZERO_EXT || inner.decl().decl_kind() == Z3_OP_SIGN_EXT))
      inner = inner.arg(0);
    if (inner.get_sort().bv_size() <= kNarrowOperandBits) return false;
  }
  return true;
}

}  // namespace

bool holds_wide_products(const z3::expr_vector& terms, unsigned min_bits) {
  std::vector<z3::expr> work;
  for (const z3::expr& t : terms) work.push_back(t);
  std::unordered_set<unsigned> seen;
  while (!work.empty()) {
    z3::expr e = work.back();
    work.pop_back();
    if (!e.is_app() || e.num_args() == 0 || !seen.insert(Z3_get_ast_id(e.ctx(), e)).second) continue;
    if (e.num_args() == 2 && e.decl().decl_kind() == Z3_OP_BMUL && e.get_sort().bv_size() >= min_bits) {
      z3::expr_vector args(e.ctx());
      args.push_back(e.arg(0));
      args.push_back(e.arg(1));
      if (is_wide_product(e, args, min_bits)) return true;
    }
    for (unsigned i = 0; i < e.num_args(); ++i) work.push_back(e.arg(i));
  }
  return false;
}

z3::expr LazyArithmetic::abstract(const z3::expr& root) {
  // Post-order over the DAG, without recursion (ite chains run deep).
  std::vector<std::pair<z3::expr, bool>> work{{root, false}};
  while (!work.empty()) {
    auto [e, expanded] = work.back();
    work.pop_back();
    unsigned id = Z3_get_ast_id(c_, e);
    if (memo_.count(id)) continue;
    if (!e.is_app() || e.num_args() == 0) {
      memo_.emplace(id, std::pair{e, e});
      continue;
    }
    if (!expanded) {
      work.emplace_back(e, true);
      for (unsigned i = 0; i < e.num_args(); ++i)
        if (!memo_.count(Z3_get_ast_id(c_, e.arg(i)))) work.emplace_back(e.arg(i), false);
      continue;
    }
    z3::expr_vector args(c_);
    bool changed = false;
    for (unsigned i = 0; i < e.num_args(); ++i) {
      const z3::expr& a = memo_.at(Z3_get_ast_id(c_, e.arg(i))).second;
      changed = changed || !z3::eq(a, e.arg(i));
      args.push_back(a);
    }
    Z3_decl_kind kind = e.decl().decl_kind();
    z3::expr out = changed ? e.decl()(args) : e;
    if ((is_division(kind) && args.size() == 2 && !is_constant(args[1])) || is_wide_product(e, args)) {
      unsigned w = e.get_sort().bv_size();
      std::string name = fmt::format("warpsat.lazy.{}.{}", e.decl().name().str(), w);
      z3::func_decl f = c_.function(name.c_str(), c_.bv_sort(w), c_.bv_sort(w), c_.bv_sort(w));
      z3::expr app = f(args[0], args[1]);
      z3::expr unit = kind == Z3_OP_BMUL && term_size(args[0]) < term_size(args[1]) ? args[0] : args[1];
      apps_.push_back({app, e.decl()(args[0], args[1]), unit});
      add_axioms(kind, app, args[0], args[1]);
      out = app;
    }
    memo_.emplace(id, std::pair{e, out});
  }
  return memo_.at(Z3_get_ast_id(c_, root)).second;
}

z3::expr LazyArithmetic::abstract_into(const z3::expr& e, z3::solver& s, size_t& given) {
  z3::expr out = abstract(e);
  for (; given < axioms_.size(); ++given) s.add(axioms_[static_cast<int>(given)]);
  return out;
}

void LazyArithmetic::add_axioms(Z3_decl_kind kind, const z3::expr& f, const z3::expr& a, const z3::expr& b) {
  unsigned w = f.get_sort().bv_size();
  z3::expr zero = c_.bv_val(0, w), one = c_.bv_val(1, w);
  z3::expr nonzero = b != zero;
  bool defined = zero_divisor_defined(kind);
  switch (kind) {
    case Z3_OP_BUDIV:
    case Z3_OP_BUDIV_I:
      // A quotient is at most the dividend, zero below the divisor, the
      // dividend itself for a divisor of one.
      axioms_.push_back(z3::implies(nonzero, z3::ule(f, a)));
      axioms_.push_back(z3::implies(z3::ult(a, b), f == zero));
      axioms_.push_back(z3::implies(b == one, f == a));
      if (defined) axioms_.push_back(z3::implies(b == zero, f == ~zero));
      break;
    case Z3_OP_BUREM:
    case Z3_OP_BUREM_I:
      // A remainder is below the divisor and at most the dividend, the
      // dividend itself below the divisor.
      axioms_.push_back(z3::implies(nonzero, z3::ult(f, b) && z3::ule(f, a)));
      axioms_.push_back(z3::implies(z3::ult(a, b), f == a));
      if (defined) axioms_.push_back(z3::implies(b == zero, f == a));
      break;
    case Z3_OP_BSDIV:
    case Z3_OP_BSDIV_I:
      axioms_.push_back(z3::implies(b == one, f == a));
      break;
    case Z3_OP_BMUL:
      axioms_.push_back(z3::implies(a == zero || b == zero, f == zero));
      axioms_.push_back(z3::implies(a == one, f == b));
      axioms_.push_back(z3::implies(b == one, f == a));
      break;
    default:  // signed remainders: zero for a divisor of one
      axioms_.push_back(z3::implies(b == one, f == zero));
      break;
  }
}

z3::expr_vector LazyArithmetic::refine(const z3::model& m, bool exact, bool remember) {
  z3::expr_vector lemmas(c_);
  for (Application& a : apps_) {
    if (a.defined) continue;
    z3::expr got = m.eval(a.app, true);
    z3::expr want = m.eval(a.exact, true);
    if (z3::eq(got, want)) continue;
    if (exact) {
      lemmas.push_back(a.app == a.exact);
      a.defined = remember;
      continue;
    }
    z3::expr x = m.eval(a.app.arg(0), true), y = m.eval(a.app.arg(1), true);
    lemmas.push_back(z3::implies(a.app.arg(0) == x && a.app.arg(1) == y, a.app == want));
  }
  return lemmas;
}

}  // namespace warpsat
