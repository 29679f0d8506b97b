// Divisions and remainders by a value that is not a constant, and 64-bit
// products of two such values, abstracted and made exact on demand
// (docs/branches.md, "Divisions on demand").
//
// Bit-blasting a 64-bit division by a symbolic divisor builds a divider of
// some four thousand full adders; CUB's integer histogram computes each
// sample's bin as (sample - min) * bins / range in 64 bits, so a query on
// two lanes and two samples holds eight of them, and Z3 answered none of
// its 269 divergence queries within their time (2 GB of bit-blasted
// dividers, seconds to free). Here each such operation becomes an
// uninterpreted function of its operands, with a few facts that hold for
// every value (a quotient is at most its dividend, ...). A proof over the
// abstraction is a proof: the real operation is one interpretation of the
// function. A model is accepted only when the exact formula holds in it;
// otherwise each application whose value the model got wrong gets a lemma
// (first its value at the model's operands, later its exact definition)
// and the solver is asked again.
#pragma once

#include <cstddef>
#include <unordered_map>
#include <utility>
#include <vector>

#include <z3++.h>

namespace warpsat {

// Products abstracted: at least this wide, with no operand a value of at
// most kNarrowOperandBits widened (ids, block sizes).
constexpr unsigned kMinLazyProductBits = 64;
constexpr unsigned kNarrowOperandBits = 16;

// Bases abstracted as a whole (a query session's, the loop induction's):
// those with 128-bit products (mul.hi.u64 of CUTLASS's fast divisions),
// which Z3 bit-blasts at a solver's first check with no limit applying.
// Smaller bases, CUB's, solve faster exact: abstracting every session's
// base cost the held-out CUB module 24% of its time (benchmarks.md).
constexpr unsigned kAbstractedBaseProductBits = 128;

// Whether `terms` hold a product of non-constants at least `min_bits` wide
// (see is_wide_product in the .cpp: narrow values widened do not count).
bool holds_wide_products(const z3::expr_vector& terms, unsigned min_bits);

class LazyArithmetic {
 public:
  explicit LazyArithmetic(z3::context& c) : c_(c), axioms_(c) {}
  LazyArithmetic(const LazyArithmetic&) = delete;
  LazyArithmetic& operator=(const LazyArithmetic&) = delete;

  // `e` with every division and remainder by a non-constant, and every
  // wide product of non-constants, replaced by an application of an
  // uninterpreted function. Terms are shared between
  // calls: the same operation gets the same application.
  z3::expr abstract(const z3::expr& e);
  // abstract(e), with the axioms `s` has not had yet asserted there;
  // `given` counts the axioms `s` has (a caller that pops a scope holding
  // some sets it back, and they are given again when next needed).
  z3::expr abstract_into(const z3::expr& e, z3::solver& s, size_t& given);
  // Whether anything abstract() saw was replaced.
  bool any() const { return !apps_.empty(); }
  size_t applications() const { return apps_.size(); }
  // Facts every replaced operation meets, for whatever operands.
  const z3::expr_vector& axioms() const { return axioms_; }
  // Per replaced operation, the operand that makes it exact at one (the
  // axioms say so): a division's divisor; of a product's factors the
  // smaller term, most often the one that does not vary by lane (a bin
  // count, not the sample it scales).
  std::vector<z3::expr> unit_operands() const {
    std::vector<z3::expr> out;
    for (const Application& a : apps_) out.push_back(a.unit);
    return out;
  }

  // Lemmas that rule out `m` where it gives a replaced application a value
  // the exact operation does not give it at the model's operands: each
  // application's value there (`exact` false), or its exact definition.
  // Empty when every application in the model is exact.
  // `remember` false: an exact definition is given again whenever a model
  // needs it (for lemmas a scope may drop, QuerySession's).
  z3::expr_vector refine(const z3::model& m, bool exact, bool remember = true);

 private:
  struct Application {
    z3::expr app;    // the uninterpreted function applied to the abstracted operands
    z3::expr exact;  // the original operation on the abstracted operands
    z3::expr unit;   // unit_operands()
    bool defined = false;  // its exact definition is already a lemma
  };
  void add_axioms(Z3_decl_kind kind, const z3::expr& f, const z3::expr& a, const z3::expr& b);

  z3::context& c_;
  // AST id -> (the term, its abstraction): the term is held so that its id
  // is not reused for another while the memo lives.
  std::unordered_map<unsigned, std::pair<z3::expr, z3::expr>> memo_;
  std::vector<Application> apps_;
  z3::expr_vector axioms_;
};

}  // namespace warpsat
