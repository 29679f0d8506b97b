// One incremental Z3 solver for all the queries asked on one encoding
// (docs/branches.md, "One solver per encoding"). A kernel's branches share
// an encoding, and their queries share most of its terms: thread ids,
// address arithmetic, the conditions of the paths to each branch. A fresh
// solver per query bit-blasted those terms again every time; here each is
// internalised once. Every query is an assumption literal: its formula is
// asserted as `q => formula`, checked under `q`, and retired afterwards
// with `not q`, so nothing a query adds constrains the next one.
//
// A session told to defer (where kept answers are expected, query_answers.h)
// gives the solver the base, and the scopes opened so far, only at its
// first check: an encoding whose queries all take kept answers never has
// its base internalised (Z3 does that at the first push: 0.07 s of CPU for
// a mid-sized CUB kernel). Deferring changes when Z3 creates the terms of
// its internalisation, so the models of later queries can differ: it is
// not done in a run that expects no kept answers.
#pragma once

#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include <z3++.h>

#include "encodings/query_fingerprint.h"
#include "encodings/lazy_arithmetic.h"

namespace warpsat {

class QuerySession {
 public:
  // `level0`: the encoding's base, true in every query asked here.
  // `abstract`: where the base holds a product of non-constants at least
  // kAbstractedBaseProductBits wide, the base's divisions by non-constants
  // and wide products are uninterpreted functions (lazy_arithmetic.h), as
  // each query's own are; a model must then pass exact_base() before it
  // counts.
  QuerySession(z3::context& c, const z3::expr_vector& level0, unsigned random_seed, unsigned rlimit,
               bool defer = false, bool abstract = false);
  QuerySession(const QuerySession&) = delete;
  QuerySession& operator=(const QuerySession&) = delete;

  // base ∧ extra, within Z3's resource count `rlimit` given at construction
  // and `timeout_ms` of the clock (0: none). A term of `base` outside the
  // level-0 base (two lanes of one warp, say) is asserted once behind a
  // literal of its own and assumed where a query names it.
  // `rlimit` > 0: this query's resource count instead of the session's.
  z3::check_result check(const z3::expr_vector& base, const z3::expr& extra, unsigned timeout_ms, unsigned rlimit = 0);
  // The last check's model (when it was sat) and reason (when unknown).
  const z3::model& model() const { return *last_model_; }
  const std::string& reason_unknown() const { return last_reason_; }
  // Whether the base holds in `m` with its arithmetic exact. When not,
  // lemmas that rule `m` out are asserted in the open scope (each
  // application's value at m's operands, or with `exact` its definition),
  // and the query can be asked again.
  bool exact_base(const z3::model& m, const z3::expr_vector& base, bool exact);
  bool abstracts() const { return lazy_.has_value(); }
  size_t queries() const { return queries_; }
  // Whether the solver has the base (always, unless deferred and not yet checked).
  bool started() const { return started_; }
  // The fingerprints of the queries asked on this encoding (query_answers.h):
  // its base walked once.
  smt::QueryFingerprinter& fingerprints() { return fingerprints_; }

  // The queries of one branch: what they internalise is dropped when the
  // scope ends. Kept for a whole kernel, a session grew to 7 GB on CUB's
  // histogram sweep, every check slower than the last, since the solver
  // still propagates through every retired query's terms.
  class Scope {
   public:
    explicit Scope(QuerySession& s) : s_(s) { s_.push(); }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;
    ~Scope() { s_.pop(); }

   private:
    QuerySession& s_;
  };

 private:
  void push();
  void pop();
  // Asserts the base (the first time) and opens the scopes not yet opened.
  void start();
  // The term as the solver gets it, and the axioms its abstraction added.
  z3::expr abstracted(const z3::expr& e);

  z3::context& c_;
  unsigned rlimit_;  // the session's resource count per query
  z3::solver solver_;
  unsigned level_ = 0;   // the scopes open (Scope objects alive)
  unsigned pushed_ = 0;  // of them, those the solver has: all, once started
  bool started_ = false;
  z3::expr_vector deferred_;  // the base, until start() asserts it
  std::unordered_set<unsigned> level0_;               // AST ids asserted unguarded
  struct Guard {
    z3::expr literal;
    unsigned level;  // the scope it was asserted in
  };
  std::unordered_map<unsigned, Guard> guards_;        // AST id -> its guard literal
  size_t queries_ = 0;
  // Bit-blasting the base's 128-bit products (mul.hi.u64 of CUTLASS's fast
  // divisions: 48 in one encoding of example 57) took Z3 10 s at the first
  // push and gigabytes it then spent seconds freeing.
  std::optional<LazyArithmetic> lazy_;
  z3::expr_vector level0_terms_;           // the level-0 base as given, when abstracted
  size_t axioms_given_ = 0;                // lazy_->axioms() the solver has
  std::vector<size_t> axioms_given_at_;    // axioms_given_ where each open scope began
  std::optional<z3::model> last_model_;
  std::string last_reason_;
  smt::QueryFingerprinter fingerprints_;
};

}  // namespace warpsat
